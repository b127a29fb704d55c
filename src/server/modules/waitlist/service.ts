import { paths } from '../../../contracts/paths.ts';
import { waitlistMessages, type JoinWaitlistData } from '../../../contracts/waitlist.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { invitationEmail, waitlistConfirmationEmail } from '../mail/templates.ts';
import { insertWaitlistEntry, setWaitlistStatus, type WaitlistEntry } from './repo.ts';
import { computeWaitlistScore } from './score.ts';

export interface WaitlistService {
  join(data: JoinWaitlistData): Promise<WaitlistEntry>;
  /** Approves an entry and queues its invitation; undefined when the address is not on the list. */
  approve(email: string): Promise<{ entry: WaitlistEntry; invitationUrl: string } | undefined>;
}

export function createWaitlistService(deps: { db: Db; jobs: JobQueue; appUrl: string }): WaitlistService {
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
    async approve(email) {
      return deps.db.transaction(async (tx) => {
        const entry = await setWaitlistStatus(tx, email, 'approved');
        if (!entry) return undefined;
        const invitationUrl = `${deps.appUrl}${paths.login}?invite=1&email=${encodeURIComponent(entry.email)}`;
        await deps.jobs.send(sendEmailJob, invitationEmail(entry.email, invitationUrl), { tx });
        return { entry, invitationUrl };
      });
    },
  };
}
