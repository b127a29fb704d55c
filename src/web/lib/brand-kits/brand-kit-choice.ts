import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BrandKit } from '#contracts/brand-kits.ts';
import { contractQuery } from '../contract-query.ts';
import { useCurrentWorkspace } from '../workspaces/workspaces.ts';
import { listBrandKits } from '#contracts/routes.ts';

const brandKitListQuery = (workspaceId: string) => contractQuery(listBrandKits, { params: { workspaceId } });

/** 'Use brand kit' in an editor: the current workspace's kits and the one chosen (the default kit until the user picks). */
export interface BrandKitChoice {
  /** The workspace's plan has brand kits and it has at least one: the control is shown. */
  visible: boolean;
  kits: readonly BrandKit[];
  /** What Generate, Enhance and Rewrite send; null: no kit (or the control is hidden). */
  kitId: string | null;
  choose: (kitId: string | null) => void;
}

/**
 * The kits of the current workspace (read only when its plan has brand kits). The default kit is
 * preselected; a choice of a kit that is gone (deleted, another workspace) counts as none.
 */
export function useBrandKitChoice(): BrandKitChoice {
  const workspace = useCurrentWorkspace();
  const allowed = workspace?.entitlements.brandKits === true;
  const list = useQuery({ ...brandKitListQuery(workspace?.id ?? ''), enabled: allowed });
  // undefined: not chosen yet, so the default kit.
  const [chosen, setChosen] = useState<{ workspaceId: string; kitId: string | null } | undefined>(undefined);
  const kits = allowed ? (list.data?.kits ?? []) : [];
  const visible = allowed && kits.length > 0;
  const choice = chosen && chosen.workspaceId === workspace?.id ? chosen.kitId : (kits.find((k) => k.isDefault)?.id ?? null);
  const kitId = visible && choice && kits.some((k) => k.id === choice) ? choice : null;
  return {
    visible,
    kits,
    kitId,
    choose: (id) => setChosen(workspace ? { workspaceId: workspace.id, kitId: id } : undefined),
  };
}

/** The request field: `{ brandKitId }` when a kit is chosen, else nothing. */
export function brandKitField(kitId: string | null | undefined): { brandKitId?: string } {
  return kitId ? { brandKitId: kitId } : {};
}
