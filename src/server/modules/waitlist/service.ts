import { paths } from '#contracts/paths.ts';
import { waitlistMessages, type JoinWaitlistData } from '#contracts/waitlist.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { invitationEmail, waitlistConfirmationEmail } from '../mail/templates.ts';
import { approveWaitlistEntries, findWaitlistEntries, insertWaitlistEntry, type WaitlistEntry, type WaitlistMatch } from './repo.ts';
import { computeWaitlistScore } from './score.ts';

export interface WaitlistApproval {
  entry: WaitlistEntry;
  invitationUrl: string;
}

export interface WaitlistApprovals {
  /** Entries approved by this call, each with its invitation queued. */
  approved: WaitlistApproval[];
  /** Entries that were approved already: left as they are, no second invitation. */
  alreadyApproved: WaitlistEntry[];
}

export interface WaitlistService {
  join(data: JoinWaitlistData): Promise<WaitlistEntry>;
  /**
   * The one approval path (God Mode and `npm run waitlist:approve`): pending and rejected entries
   * become approved and are emailed their invitation once. Addresses or ids not on the list are
   * in neither list of the answer.
   */
  approve(match: WaitlistMatch, actorId?: string | null): Promise<WaitlistApprovals>;
}

export function createWaitlistService(deps: { db: Db; jobs: JobQueue; appUrl: string; recordActivity: ActivityRecorder }): WaitlistService {
  const invitationUrl = (email: string) => `${deps.appUrl}${paths.login}?invite=1&email=${encodeURIComponent(email)}`;
  return {
    async join(data) {
      try {
        // The entry and its confirmation email commit together or not at all.
        return await deps.db.transaction(async (tx) => {
          const entry = await insertWaitlistEntry(tx, { ...data, score: computeWaitlistScore(data) });
          await deps.jobs.send(sendEmailJob, waitlistConfirmationEmail(entry.email, entry.name, deps.appUrl), { tx });
          return entry;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'waitlist_email_unique')) throw new AppError('CONFLICT', waitlistMessages.duplicate);
        throw err;
      }
    },
    async approve(match, actorId = null) {
      const requested = 'ids' in match ? match.ids.length : match.emails.length;
      if (requested === 0) return { approved: [], alreadyApproved: [] };
      // Each status change and its invitation commit together; only the call that changed the
      // status queues the email, so approving twice (or twice at once) sends one.
      const approved = await deps.db.transaction(async (tx) => {
        const entries = await approveWaitlistEntries(tx, match);
        const approvals: WaitlistApproval[] = [];
        for (const entry of entries) {
          const url = invitationUrl(entry.email);
          await deps.jobs.send(sendEmailJob, invitationEmail(entry.email, url), { tx });
          approvals.push({ entry, invitationUrl: url });
        }
        return approvals;
      });
      const approvedIds = new Set(approved.map((a) => a.entry.id));
      const alreadyApproved =
        approved.length < requested ? (await findWaitlistEntries(deps.db, match)).filter((e) => !approvedIds.has(e.id)) : [];
      for (const { entry } of approved) {
        await deps.recordActivity({
          type: 'waitlist_approved',
          message: `${entry.email} was approved from the waitlist (score ${entry.score})`,
          details: { entryId: entry.id, email: entry.email, name: entry.name, score: entry.score },
          actorId,
        });
      }
      return { approved, alreadyApproved };
    },
  };
}
