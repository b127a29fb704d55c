import type { ApiKeyScope } from '#contracts/api-keys.ts';
import type { WorkspaceKind, WorkspaceRole } from '#contracts/workspace-kinds.ts';

// Who is calling: what the router reads from the session and the access decision judges.

/** The workspace a signed-in user is working in (their latest choice), and their role in it. */
export interface CallerWorkspace {
  id: string;
  kind: WorkspaceKind;
  role: WorkspaceRole;
}

export interface SignedInUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  /** Read with the memberships on every request: a revoked admin loses access at once. */
  isSuperAdmin: boolean;
  /** Where what they make goes and whose credits they spend. */
  workspace: CallerWorkspace;
  /** Every workspace they belong to, with their role: what `access/rules.ts` judges rows by. */
  memberships: ReadonlyMap<string, WorkspaceRole>;
  /** Set when the request came with an API key (docs/api.md): the key acts as a member of its one workspace. */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
}

export interface AuthContext {
  user: SignedInUser;
  sessionId: string;
}
