import { adjustUserCredits, listUsers, setUserRole } from '#contracts/admin-users.ts';
import type { Router } from '#server/http/router.ts';
import type { AdminUserService } from './service.ts';

export function registerAdminUserRoutes(router: Router, deps: { adminUsers: AdminUserService }): void {
  router.add(listUsers, {
    handler: async ({ query }) => deps.adminUsers.list(query),
  });

  router.add(adjustUserCredits, {
    handler: async ({ user, params, body }) => ({ balance: await deps.adminUsers.adjustCredits(user.id, params.id, body) }),
  });

  router.add(setUserRole, {
    handler: async ({ user, params, body }) => ({ isSuperAdmin: await deps.adminUsers.setRole(user.id, params.id, body.superAdmin) }),
  });
}
