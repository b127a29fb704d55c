import { workspaceMessages } from '#contracts/workspaces.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { canDeleteBrandAssets, canUseBrandKits, type Viewer } from '../access/rules.ts';
import { lockedView, viewerFor } from '../workspaces/context.ts';

/** What the brand kit service's parts share. */
export interface BrandKitDeps {
  db: Db;
  storage: Storage;
}

/** A reader of the workspace's kits: its members (the router already answered 404 to anyone else). */
export function requireMember(user: SignedInUser, workspaceId: string): Viewer {
  const viewer = viewerFor(user);
  if (!canUseBrandKits(viewer, workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  return viewer;
}

/**
 * Opens a change of the workspace's brand assets: locks the workspace row (so two changes of its
 * kits or fonts run one after another: limits and the default are judged on what is there) and
 * re-reads the caller's role. 404 for non-members; with `deleting`, 403 for members who may not.
 */
export async function lockForChange(tx: DbOrTx, user: SignedInUser, workspaceId: string, deleting = false): Promise<Viewer> {
  const { viewer } = await lockedView(tx, requireMember(user, workspaceId), workspaceId);
  if (!canUseBrandKits(viewer, workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  if (deleting && !canDeleteBrandAssets(viewer, workspaceId)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
  return viewer;
}
