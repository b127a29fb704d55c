import { approveWaitlistEntries, listWaitlist } from '#contracts/admin-waitlist.ts';
import type { Router } from '#server/http/router.ts';
import type { AdminWaitlistService } from './service.ts';

export function registerAdminWaitlistRoutes(router: Router, deps: { adminWaitlist: AdminWaitlistService }): void {
  router.add(listWaitlist, {
    handler: async ({ query }) => deps.adminWaitlist.list(query),
  });

  router.add(approveWaitlistEntries, {
    handler: async ({ user, body }) => deps.adminWaitlist.approve(user.id, body.ids),
  });
}
