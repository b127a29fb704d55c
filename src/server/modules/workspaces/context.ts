import { workspaceMessages } from '#contracts/workspaces.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { Viewer } from '../access/rules.ts';
import { viewerOf } from '../access/viewer.ts';
import { lockWorkspace, roleOf, type WorkspaceRow } from './repo.ts';

/** What the workspace service's parts share. */
export interface WorkspaceDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  appUrl: string;
}

/** The caller as the access rules judge them (the router admitted only verified users here). */
export function viewerFor(user: SignedInUser): Viewer {
  const viewer = viewerOf(user);
  if (!viewer) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  return viewer;
}

/**
 * Locks the workspace and re-reads the caller's role in it: memberships loaded with the session may
 * have changed since (a concurrent transfer, a removal), and every membership change holds this
 * lock, so the rules judge the state the change is applied to. 404 when it is gone or they left it.
 */
export async function lockedView(tx: DbOrTx, viewer: Viewer, workspaceId: string): Promise<{ workspace: WorkspaceRow; viewer: Viewer }> {
  const workspace = await lockWorkspace(tx, workspaceId);
  const role = workspace ? await roleOf(tx, workspaceId, viewer.id) : null;
  if (!workspace || !role) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  const memberships = new Map(viewer.memberships);
  memberships.set(workspaceId, role);
  return { workspace, viewer: { ...viewer, memberships } };
}
