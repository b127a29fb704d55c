import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Logger } from './lib/logger.ts';
import type { EmailSender } from './providers/email/email.ts';
import type { Storage } from './providers/storage/storage.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { createAccountService, type AccountService } from './modules/account/service.ts';
import { createAuth, type Auth } from './modules/auth/auth.ts';
import { createSessionGuard, type SessionGuard } from './modules/auth/session-guard.ts';
import { createProfileService, type ProfileService } from './modules/profiles/service.ts';
import { createWaitlistService, type WaitlistService } from './modules/waitlist/service.ts';
import { createGenerationEvents, type GenerationEvents } from './modules/generation/events.ts';
import { createGenerationService, type GenerationService } from './modules/generation/service.ts';
import { createModelService, type ModelService } from './modules/models/service.ts';
import { createPromptService, type PromptService } from './modules/prompts/service.ts';
import { createUploadService, type UploadService } from './modules/uploads/service.ts';
import { createAiProviders, type AiProviders } from './providers/ai/index.ts';

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
  /** Defaults to the providers the configuration names. */
  ai?: AiProviders;
}

export interface Services {
  rateLimiter: RateLimiter;
  waitlist: WaitlistService;
  auth: Auth;
  guard: SessionGuard;
  profiles: ProfileService;
  account: AccountService;
  ai: AiProviders;
  uploads: UploadService;
  models: ModelService;
  prompts: PromptService;
  generationEvents: GenerationEvents;
  generation: GenerationService;
}

/** The composition root of the domain: one instance of each service, shared by routes and job handlers. */
export function createServices(deps: AppDeps): Services {
  const db = deps.database.db;
  const profiles = createProfileService({ db, storage: deps.storage });
  const account = createAccountService({ db, profiles, welcomeCredits: deps.config.welcomeCredits });
  const auth = createAuth({ config: deps.config, db, jobs: deps.jobs, logger: deps.logger, onUserCreated: (user) => account.setUp(user) });
  const ai = deps.ai ?? createAiProviders(deps.config);
  const generationEvents = createGenerationEvents();
  return {
    ai,
    uploads: createUploadService({ db, storage: deps.storage }),
    models: createModelService({ db }),
    prompts: createPromptService({ helper: ai.promptHelper }),
    generationEvents,
    generation: createGenerationService({
      db,
      jobs: deps.jobs,
      storage: deps.storage,
      events: generationEvents,
      logger: deps.logger,
      providers: { standard: ai.standardImages, trained: ai.trainedImages },
      providerTimeoutMs: deps.config.providerTimeoutMs,
    }),
    rateLimiter: createRateLimiter(db, { disabled: deps.rateLimitsDisabled ?? false, scale: deps.config.rateLimitScale }),
    waitlist: createWaitlistService({ db, jobs: deps.jobs, email: deps.email, appUrl: deps.config.appUrl }),
    auth,
    guard: createSessionGuard(auth, db),
    profiles,
    account,
  };
}
