import type { AdminWaitlistEntry } from '#contracts/admin-waitlist.ts';
import type { Db } from '#server/db/client.ts';
import type { WaitlistService } from '../../waitlist/service.ts';
import { adminWaitlistPage, type WaitlistListQuery } from './waitlist-list.ts';

/** God Mode's Waitlist tab: the entries by score or date, and approvals through the waitlist's one approval path. */
export interface AdminWaitlistService {
  list(query: WaitlistListQuery): Promise<{ entries: AdminWaitlistEntry[]; nextCursor: string | null }>;
  /** `unchanged`: ids already approved or not on the list (each counted once per time it was sent). */
  approve(actorId: string, ids: readonly string[]): Promise<{ approved: Array<{ id: string; email: string }>; unchanged: number }>;
}

export function createAdminWaitlistService(deps: { db: Db; waitlist: WaitlistService }): AdminWaitlistService {
  return {
    list: (query) => adminWaitlistPage(deps.db, query),
    async approve(actorId, requested) {
      // The database answers ids in lower case, whatever case they were sent in.
      const ids = requested.map((id) => id.toLowerCase());
      const { approved } = await deps.waitlist.approve({ ids: [...new Set(ids)] }, actorId);
      // In the order they were asked for.
      const entries = approved.map((a) => a.entry).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      return { approved: entries.map((e) => ({ id: e.id, email: e.email })), unchanged: ids.length - entries.length };
    },
  };
}
