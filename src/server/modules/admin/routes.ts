import { createSuperAdmin } from '#contracts/admin.ts';
import type { Router } from '../../http/router.ts';
import type { AdminService } from './service.ts';

export function registerAdminRoutes(router: Router, deps: { admin: AdminService }): void {
  router.add(createSuperAdmin, {
    handler: async ({ user, body }) => deps.admin.createSuperAdmin(user.id, body),
  });
}
