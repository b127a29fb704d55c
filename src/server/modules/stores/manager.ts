import { workspaceMessages } from '#contracts/workspaces.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { canManageStore, type Viewer } from '../access/rules.ts';
import { viewerFor } from '../workspaces/context.ts';

/** Connecting, disconnecting and syncing: the workspace's owner and admins (403 for other members, 404 for anyone else). */
export function requireStoreManager(user: SignedInUser, workspaceId: string): Viewer {
  const viewer = viewerFor(user);
  if (canManageStore(viewer, workspaceId)) return viewer;
  if (!viewer.memberships.has(workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
}
