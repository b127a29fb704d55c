import type { SignedInUser } from '../../http/caller.ts';
import type { Viewer } from './rules.ts';

/**
 * What the access rules judge a caller by. The router loaded it with the session (one read per
 * request), so this costs nothing. A user with an unconfirmed email has no rights beyond
 * confirming it: they view as a visitor.
 */
export function viewerOf(user: SignedInUser | null): Viewer | null {
  if (!user || !user.emailVerified) return null;
  return { id: user.id, isSuperAdmin: user.isSuperAdmin, workspaceId: user.workspace.id, memberships: user.memberships };
}

/** Kept as an injectable dependency so services ask for the viewer the same way everywhere. */
export interface ViewerLoader {
  viewer(user: SignedInUser | null): Promise<Viewer | null>;
}

export function createViewerLoader(): ViewerLoader {
  return { viewer: async (user) => viewerOf(user) };
}
