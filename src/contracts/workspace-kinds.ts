/** What a workspace is: every account's own, or a team with members (docs/product-rules.md#workspaces). */
export const workspaceKinds = ['personal', 'team'] as const;
export type WorkspaceKind = (typeof workspaceKinds)[number];

/**
 * A member's role, strongest first: the owner pays and may delete the team or hand it over, an
 * admin invites, removes and changes roles below owner, a member creates and spends.
 */
export const workspaceRoles = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** The roles an invitation may carry (ownership is handed over, never invited into). */
export const invitableRoles = ['admin', 'member'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

/** How long an emailed invitation link works. */
export const INVITATION_TTL_DAYS = 7;
