import { listAllStandardModels, setStandardModelActive } from '#contracts/admin-models.ts';
import type { Router } from '#server/http/router.ts';
import type { AdminModelService } from './service.ts';

export function registerAdminModelRoutes(router: Router, deps: { adminModels: AdminModelService }): void {
  router.add(listAllStandardModels, {
    handler: async () => ({ models: await deps.adminModels.list() }),
  });

  router.add(setStandardModelActive, {
    handler: async ({ user, params, body }) => deps.adminModels.setActive(user.id, params.id, body.isActive),
  });
}
