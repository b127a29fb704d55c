import { useQuery } from '@tanstack/react-query';
import type { StoreConnection } from '#contracts/stores.ts';
import { useMe } from '#web/lib/session/me.ts';
import { currentWorkspace, workspacesQueryOptions } from '#web/lib/workspaces/workspaces.ts';
import { useStoreStatus } from './api/get-store-status.ts';

/**
 * Whether the current workspace's plan has store sync (super admins always pass the server's
 * check). `enabled` false asks nothing: a visitor's klip card has no workspace to ask about.
 */
export function useStoreEntitled(enabled = true): { workspaceId: string | undefined; entitled: boolean } {
  const workspace = currentWorkspace(useQuery({ ...workspacesQueryOptions, enabled }).data);
  const { data: me } = useMe();
  return { workspaceId: workspace?.id, entitled: workspace?.entitlements.storeConnections === true || me?.isSuperAdmin === true };
}

/**
 * The current workspace's connected store, for the screens that offer 'From your store' and
 * 'Publish to store': null while unknown, without the plan (nothing is asked) or with no store.
 */
export function useConnectedStore(enabled = true): { workspaceId: string; connection: StoreConnection } | null {
  return useStoreConnection(enabled).store;
}

/** The connected store, and whether that is still being found out (workspace, session or store status loading). */
export function useStoreConnection(enabled = true): {
  store: { workspaceId: string; connection: StoreConnection } | null;
  pending: boolean;
} {
  const workspaces = useQuery({ ...workspacesQueryOptions, enabled });
  const { data: me } = useMe();
  const { workspaceId, entitled } = useStoreEntitled(enabled);
  const status = useStoreStatus(workspaceId, enabled && entitled);
  const connection = status.data?.connection;
  const pending = enabled && (workspaces.isPending || me === undefined || (entitled && status.isPending));
  return { store: enabled && workspaceId && connection ? { workspaceId, connection } : null, pending };
}
