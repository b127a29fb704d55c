import { apiKeyMessages } from '#contracts/api-keys.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { canManageApiAccess, type Viewer } from '../access/rules.ts';
import { viewerFor } from '../workspaces/context.ts';

/** Managing a workspace's API keys and webhooks: its owner and admins (403 for other members, 404 for anyone else). */
export function requireApiManager(user: SignedInUser, workspaceId: string): Viewer {
  const viewer = viewerFor(user);
  if (canManageApiAccess(viewer, workspaceId)) return viewer;
  if (!viewer.memberships.has(workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  throw new AppError('FORBIDDEN', apiKeyMessages.notAllowed);
}
