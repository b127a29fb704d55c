import { adjustWorkspaceCredits, listAdminWorkspaces } from '#contracts/admin-workspaces.ts';
import type { Router } from '#server/http/router.ts';
import type { AdminWorkspaceService } from './service.ts';

/** God Mode's Workspaces tab: every route is for super admins (the contracts' `auth: 'admin'`). */
export function registerAdminWorkspaceRoutes(router: Router, deps: { adminWorkspaces: AdminWorkspaceService }): void {
  router.add(listAdminWorkspaces, { handler: async ({ query }) => deps.adminWorkspaces.list(query) });
  router.add(adjustWorkspaceCredits, {
    handler: async ({ user, params, body }) => ({ balance: await deps.adminWorkspaces.adjustCredits(user.id, params.id, body) }),
  });
}
