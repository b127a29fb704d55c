import { messages } from '../../../contracts/messages.ts';
import type { JoinWaitlistData } from '../../../contracts/waitlist.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import type { EmailSender } from '../../providers/email/email.ts';
import { waitlistConfirmationJob } from './jobs.ts';
import { findWaitlistEntryById, insertWaitlistEntry, type WaitlistEntry } from './repo.ts';
import { computeWaitlistScore } from './score.ts';

export interface WaitlistService {
  join(data: JoinWaitlistData): Promise<WaitlistEntry>;
  sendConfirmation(entryId: string): Promise<void>;
}

export function createWaitlistService(deps: { db: Db; jobs: JobQueue; email: EmailSender; appUrl: string }): WaitlistService {
  return {
    async join(data) {
      try {
        // The entry and its confirmation job commit together or not at all.
        return await deps.db.transaction(async (tx) => {
          const entry = await insertWaitlistEntry(tx, { ...data, score: computeWaitlistScore(data) });
          await deps.jobs.send(waitlistConfirmationJob, { entryId: entry.id }, { tx });
          return entry;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'waitlist_email_unique')) throw new AppError('CONFLICT', messages.waitlist.duplicate);
        throw err;
      }
    },

    async sendConfirmation(entryId) {
      const entry = await findWaitlistEntryById(deps.db, entryId);
      if (!entry) return;
      const { text, html } = renderEmail({
        heading: "You're on the Klipt waitlist!",
        paragraphs: [
          `Hi ${entry.name}, thanks for joining the Klipt beta waitlist.`,
          'New spots open every week. We will email you as soon as yours is ready, so you can start turning product photos into studio-grade images and short videos.',
        ],
        action: { label: 'Visit Klipt', url: deps.appUrl },
        footnote: 'You received this email because this address was entered on the Klipt waitlist. If that was not you, ignore it.',
      });
      await deps.email.send({ to: entry.email, subject: "You're on the Klipt waitlist", text, html });
    },
  };
}
