import { paths as routes } from '#contracts/paths.ts';

/** Every client route (src/contracts/paths.ts), and the team screens. */
export const paths = {
  ...routes,
  team: (workspaceId: string) => `/teams/${encodeURIComponent(workspaceId)}`,
  teamPattern: '/teams/:workspaceId',
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  invitationPattern: '/invitations/:token',
} as const;
