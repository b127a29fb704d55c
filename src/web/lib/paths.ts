import { paths as routes } from '#contracts/paths.ts';

/** Every client route (src/contracts/paths.ts), the team and brand kit screens. */
export const paths = {
  ...routes,
  team: (workspaceId: string) => `/teams/${encodeURIComponent(workspaceId)}`,
  teamPattern: '/teams/:workspaceId',
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  invitationPattern: '/invitations/:token',
  brandKits: '/brand-kits',
  newBrandKit: '/brand-kits/new',
  brandKit: (kitId: string) => `/brand-kits/${encodeURIComponent(kitId)}`,
  brandKitPattern: '/brand-kits/:kitId',
} as const;
