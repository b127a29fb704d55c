import { deleteKlipAsAdmin, listAllKlips, listAllKlipTags, superlikeKlip } from '#contracts/admin-klips.ts';
import type { Router } from '#server/http/router.ts';
import type { AdminKlipService } from './service.ts';

/** God Mode's Klips Gallery: every route is for super admins (the contracts' `auth: 'admin'`). */
export function registerAdminKlipRoutes(router: Router, deps: { adminKlips: AdminKlipService }): void {
  router.add(listAllKlips, { handler: async ({ user, query }) => deps.adminKlips.list(user, query) });
  router.add(listAllKlipTags, { handler: async () => ({ tags: await deps.adminKlips.tags() }) });
  router.add(deleteKlipAsAdmin, {
    handler: async ({ user, params }) => {
      await deps.adminKlips.delete(user, params.id);
      return null;
    },
  });
  router.add(superlikeKlip, { handler: async ({ user, params, body }) => deps.adminKlips.superlike(user, params.id, body.superlike) });
}
