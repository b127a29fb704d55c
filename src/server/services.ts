import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Logger } from './lib/logger.ts';
import type { EmailSender } from './providers/email/email.ts';
import type { Storage } from './providers/storage/storage.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { createWaitlistService, type WaitlistService } from './modules/waitlist/service.ts';

/** What the process is made of: configuration, database and the outside world behind interfaces. */
export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  email: EmailSender;
  jobs: JobQueue;
  logger: Logger;
  /** Tests that are not about limits may switch them off. */
  rateLimitsDisabled?: boolean;
}

export interface Services {
  rateLimiter: RateLimiter;
  waitlist: WaitlistService;
}

/** The composition root of the domain: one instance of each service, shared by routes and job handlers. */
export function createServices(deps: AppDeps): Services {
  const db = deps.database.db;
  return {
    rateLimiter: createRateLimiter(db, { disabled: deps.rateLimitsDisabled ?? false }),
    waitlist: createWaitlistService({ db, jobs: deps.jobs, email: deps.email, appUrl: deps.config.appUrl }),
  };
}
