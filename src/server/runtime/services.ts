import { paths } from '#contracts/paths.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import type { ApiAccess, SessionReader } from '../http/router.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Logger } from '../lib/logger.ts';
import { createTempFileSweeper, type TempFileSweeper } from '../lib/temp-files.ts';
import { createMediaFileAccess, type MediaFileAccess } from '../modules/access/media-files.ts';
import { mediaSigningKey, requireSessionSecret } from '../providers/storage/url-signing.ts';
import { createViewerLoader } from '../modules/access/viewer.ts';
import { createAccountService, type AccountService } from '../modules/account/service.ts';
import { createAdminService, type AdminService } from '../modules/admin/service.ts';
import { createAdminStatsService, type AdminStatsService } from '../modules/admin/stats/service.ts';
import { createAdminKlipService, type AdminKlipService } from '../modules/admin/klips/service.ts';
import { createSuperlikeWebhook } from '../modules/admin/klips/superlike-webhook.ts';
import type { SuperlikeWebhook } from '../modules/admin/klips/webhook-delivery.ts';
import { createAdminModelService, type AdminModelService } from '../modules/admin/models/service.ts';
import { createAdminUserService, type AdminUserService } from '../modules/admin/users/service.ts';
import { createAdminWorkspaceService, type AdminWorkspaceService } from '../modules/admin/workspaces/service.ts';
import { createAdminWaitlistService, type AdminWaitlistService } from '../modules/admin/waitlist/service.ts';
import { emailVerifiedEntry } from '../modules/activity/account-entries.ts';
import { createActivityRecorder } from '../modules/activity/log.ts';
import { createActivityService, type ActivityService } from '../modules/activity/service.ts';
import { createAuth, type Auth } from '../modules/auth/auth.ts';
import { createPendingSignUps } from '../modules/auth/pending-sign-up.ts';
import { createAuthFlows, type AuthFlows } from '../modules/auth/service.ts';
import { createSessions } from '../modules/auth/sessions.ts';
import { createIdempotencyStore, type PrunableIdempotencyStore } from '../modules/api-keys/idempotency.ts';
import { createApiKeyAccess } from '../modules/api-keys/key-access.ts';
import { createApiKeyService, type ApiKeyService } from '../modules/api-keys/service.ts';
import { createFulfilment } from '../modules/billing/fulfilment.ts';
import { createSandboxPaymentProvider } from '../providers/payments/sandbox-payment-provider.ts';
import { createSandboxBilling, type SandboxBilling } from '../modules/billing/sandbox.ts';
import { createBillingService, type BillingService } from '../modules/billing/service.ts';
import { createCreditService, type CreditService } from '../modules/credits/service.ts';
import { createAdService, type AdService } from '../modules/ads/service.ts';
import type { RenderPool } from '../lib/render-pool.ts';
import { adRendererIn } from '../modules/ads/render/render-in-pool.ts';
import { exportRendererIn } from '../modules/exports/render-in-pool.ts';
import { createExportService, type ExportService } from '../modules/exports/service.ts';
import { createBatchService, type BatchService } from '../modules/batches/service.ts';
import { createBrandKitService, type BrandKitService } from '../modules/brand-kits/service.ts';
import {
  createGenerationEngine,
  createGenerationEvents,
  createGenerationWatcher,
  createJobDispatcher,
  loadGenerationJob,
  type GenerationEngine,
  type GenerationEvents,
  type GenerationEventsOptions,
  type GenerationWatcher,
  type WatcherDeps,
} from '../modules/generation/index.ts';
import { createHealthService, type HealthService } from '../modules/health/service.ts';
import { createInspirationService, type InspirationService } from '../modules/inspirations/service.ts';
import { createKlipFileVisibility, type KlipFileVisibility } from '../modules/klips/file-visibility.ts';
import { createKlipService, type KlipService } from '../modules/klips/service.ts';
import { createKlipRenditions, type KlipRenditions } from '../modules/klips/renditions.ts';
import { createKlipSharePreview, type KlipSharePreview } from '../modules/klips/share-preview.ts';
import { createKnownIssueService, type KnownIssueService } from '../modules/admin/known-issues/service.ts';
import { queueBatchItemAds } from '../modules/batches/ad-jobs.ts';
import { createLookService, type LookService } from '../modules/looks/service.ts';
import { createModelService, type ModelService } from '../modules/models/service.ts';
import { createProfileService, type ProfileService } from '../modules/profiles/service.ts';
import { createPromptService, type PromptService } from '../modules/prompts/service.ts';
import { createSettingsService, type SettingsService } from '../modules/settings/service.ts';
import { createUploadService, type UploadService } from '../modules/uploads/service.ts';
import { createWaitlistService, type WaitlistService } from '../modules/waitlist/service.ts';
import { createWorkspaceService, type WorkspaceService } from '../modules/workspaces/service.ts';
import { createWebhookDeliverer } from '../modules/webhooks/delivery.ts';
import type { WebhookDeliverer } from '../modules/webhooks/delivery-job.ts';
import { createWebhookEmitter } from '../modules/webhooks/emit.ts';
import { createWebhookService, type WebhookService } from '../modules/webhooks/service.ts';
import { createStoreClients, type StoreClients } from '../modules/stores/clients.ts';
import { createStoreImporter, type StoreImporter } from '../modules/stores/import.ts';
import { createShopifyOAuth } from '../modules/stores/oauth-flow.ts';
import { createStoreService, type StoreService } from '../modules/stores/service.ts';
import { createStoreWebhooks, type StoreWebhooks } from '../modules/stores/webhooks.ts';
import type { StorePublisher } from '../modules/stores/publishing/job.ts';
import { createStorePublisher } from '../modules/stores/publishing/publisher.ts';
import { createPublishingService, type PublishingService } from '../modules/stores/publishing/publishing-service.ts';
import type { AiProviders } from '../providers/ai/index.ts';
import type { EmailSender } from '../providers/email/email.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import type { Storage } from '../providers/storage/storage.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: Storage;
  jobs: JobQueue;
  logger: Logger;
  ai: AiProviders;
  /** Where exports and ads are rendered (the runtime's pool); without one, on the calling thread. */
  renderPool?: RenderPool;
  /** Defaults to the sandbox's or none, as the billing configuration names; Stripe's is given by createRuntime, which loads its SDK. */
  payments?: PaymentProvider | null;
  rateLimitsDisabled: boolean;
  /** The pace of live-progress streams (docs/operations.md#live-progress-streams); tests change it. */
  liveProgress?: LiveProgressTiming;
}

export type LiveProgressTiming = Pick<WatcherDeps, 'pollMs' | 'backstopMs'> & Pick<GenerationEventsOptions, 'reconnectMs'>;

export interface Services {
  rateLimiter: RateLimiter;
  auth: Auth;
  authFlows: AuthFlows;
  sessions: SessionReader;
  /** Bearer API keys and idempotent paid requests, for the router (docs/api.md). */
  api: ApiAccess & { idempotency: PrunableIdempotencyStore };
  /** A workspace's API keys. */
  apiKeys: ApiKeyService;
  health: HealthService;
  settings: SettingsService;
  waitlist: WaitlistService;
  profiles: ProfileService;
  account: AccountService;
  admin: AdminService;
  /** God Mode's statistics: platform, credits, daily activity. */
  adminStats: AdminStatsService;
  /** God Mode's operator tools: users (credits, roles), waitlist approvals, standard models. */
  adminUsers: AdminUserService;
  adminWorkspaces: AdminWorkspaceService;
  adminWaitlist: AdminWaitlistService;
  adminModels: AdminModelService;
  credits: CreditService;
  ai: AiProviders;
  uploads: UploadService;
  models: ModelService;
  inspirations: InspirationService;
  prompts: PromptService;
  generationEvents: GenerationEvents;
  /** What the process's live-progress streams watch (one read per tick for all of them). */
  generationWatcher: GenerationWatcher;
  generation: GenerationEngine;
  klips: KlipService;
  /** Moves a klip's files with its visibility (object storage). */
  klipFiles: KlipFileVisibility;
  klipSharePreview: KlipSharePreview;
  /** Sized WebP copies of klips' pictures for pages, made once on first request and stored. */
  klipRenditions: KlipRenditions;
  /** Marketplace exports of image klips (sharp, cached in storage). */
  exports: ExportService;
  /** Batches over product photos: their items run as waiting generation jobs, a few per user at a time. */
  batches: BatchService;
  /** God Mode's Klips Gallery: every klip, deletion, superlikes. */
  adminKlips: AdminKlipService;
  /** Delivers queued superlikes to SUPERLIKE_WEBHOOK_URL (the deliver-superlike-webhook job). */
  superlikeWebhook: SuperlikeWebhook;
  /** Who may load each file of the local storage folder (/files). */
  mediaFileAccess: MediaFileAccess;
  billing: BillingService;
  /** The sandbox's checkout and portal; null unless BILLING_MODE is sandbox. */
  sandboxBilling: SandboxBilling | null;
  /** God Mode's activity log (written through recordActivity, read here). */
  activity: ActivityService;
  knownIssues: KnownIssueService;
  /** Workspaces and teams: members, roles, invitations. */
  workspaces: WorkspaceService;
  /** Brand kits (colours, fonts, logos, voice) and the workspace's uploaded fonts; `forRender` for ads. */
  brandKits: BrandKitService;
  /** Ads made from image klips in a brand kit's look (rendered on the server, free). */
  ads: AdService;
  /** Saved looks: a batch's settings and its ads, applied in one click. */
  looks: LookService;
  /** Removes temporary files a crashed process left behind (the sweep-temp-files task). */
  tempFiles: TempFileSweeper;
  /** Workspaces' webhook endpoints and delivery logs (Scale's 'API access'). */
  webhooks: WebhookService;
  /** Each try of a webhook delivery (the deliver-webhook job). */
  webhookDeliveries: WebhookDeliverer;
  /** The client of each connected store (Shopify's Admin API with its decrypted token, or the demo store). */
  storeClients: StoreClients;
  /** A workspace's connected store: connecting, disconnecting, syncing, the product picker. */
  stores: StoreService;
  /** Catalogue imports (the import-store-catalogue job) and their recovery. */
  storeImports: StoreImporter;
  /** Shopify's webhooks: received, verified, stored once, acted on by the process-shopify-webhook job. */
  storeWebhooks: StoreWebhooks;
  /** Publishing klips onto store products: the routes' side. */
  publishing: PublishingService;
  /** Each try of a publication (the publish-to-store job) and their recovery. */
  storePublisher: StorePublisher;
}

/**
 * What job handlers and worker tasks may ask for: every service, and the email sender. No service
 * holds the sender: an email is sent only by the send-email job, which services queue.
 */
export type JobNeeds = Services & { email: EmailSender };

/** The composition root of the domain: one instance of each service, shared by routes, jobs and commands. */
export function createServices(deps: ServiceDeps): Services {
  const { config, database, storage, jobs, logger, ai } = deps;
  const db = database.db;
  const access = createViewerLoader();
  const profiles = createProfileService({ db, storage });
  const recordActivity = createActivityRecorder({ db, logger });
  const account = createAccountService({
    db,
    profiles,
    welcomeCredits: config.welcomeCredits,
    sendVerificationEmail: (email) => auth.api.sendVerificationEmail({ body: { email, callbackURL: paths.onboarding } }),
    recordActivity,
  });
  const pendingSignUps = createPendingSignUps({ secret: requireSessionSecret(config), https: config.appUrl.startsWith('https://') });
  const auth = createAuth({
    config,
    db,
    jobs,
    logger,
    pendingSignUps,
    onUserCreated: (user) => account.setUp({ ...user, created: true }),
    onEmailVerified: (user) => recordActivity(emailVerifiedEntry(user)),
  });
  const klipFiles = createKlipFileVisibility({ db, storage, logger });
  const { reconnectMs, ...watcherTiming } = deps.liveProgress ?? {};
  const generationEvents = createGenerationEvents({ database, logger, ...(reconnectMs ? { reconnectMs } : {}) });
  const dispatcher = createJobDispatcher({
    db,
    jobs,
    events: generationEvents,
    runningPerUser: config.generationRunningPerUser,
    batchRunningPerUser: config.batchRunningPerUser,
    unfinishedPerUser: config.generationUnfinishedPerUser,
  });
  const rateLimiter = createRateLimiter(db, { disabled: deps.rateLimitsDisabled, scale: config.rateLimitScale });
  const { renderPool } = deps;
  const exports = createExportService({
    db,
    storage,
    access,
    logger,
    rateLimiter,
    ...(renderPool ? { render: exportRendererIn(renderPool) } : {}),
  });
  const brandKits = createBrandKitService({ db, storage });
  const ads = createAdService({
    db,
    storage,
    access,
    brandKits,
    rateLimiter,
    logger,
    ...(renderPool ? { render: adRendererIn(renderPool) } : {}),
  });
  const waitlist = createWaitlistService({ db, jobs, appUrl: config.appUrl, recordActivity });
  const { mode } = config.billing;
  if (deps.payments === undefined && mode === 'stripe')
    throw new Error('Stripe billing needs its payment provider: createRuntime loads it');
  const payments =
    deps.payments !== undefined ? deps.payments : mode === 'sandbox' ? createSandboxPaymentProvider({ db, appUrl: config.appUrl }) : null;
  // Webhook events are recorded in the transactions that end generations and cancel batches.
  const webhookEvents = createWebhookEmitter({ jobs, logger });
  const uploads = createUploadService({ db, storage });
  const storeClients = createStoreClients({ config, db, storage });
  const fulfilment = payments && createFulfilment({ db, jobs, provider: payments, logger, recordActivity, appUrl: config.appUrl });
  return {
    rateLimiter,
    auth,
    authFlows: createAuthFlows({ db, config, auth, jobs, pendingSignUps, rateLimitsDisabled: deps.rateLimitsDisabled }),
    sessions: createSessions(auth, db),
    api: {
      keys: createApiKeyAccess({ db, limitScale: config.rateLimitScale, limitsDisabled: deps.rateLimitsDisabled }),
      idempotency: createIdempotencyStore(db),
    },
    apiKeys: createApiKeyService({ db }),
    health: createHealthService({
      checks: { database: () => database.ping(), storage: () => storage.check(), queue: () => jobs.check() },
      logger,
    }),
    settings: createSettingsService(config),
    waitlist,
    profiles,
    account,
    admin: createAdminService({ db, logger, setUpAccount: (user) => account.setUp(user) }),
    adminStats: createAdminStatsService({ db, logger }),
    adminUsers: createAdminUserService({ db, recordActivity }),
    adminWorkspaces: createAdminWorkspaceService({ db, recordActivity }),
    adminWaitlist: createAdminWaitlistService({ db, waitlist }),
    adminModels: createAdminModelService({ db, recordActivity }),
    credits: createCreditService({ db }),
    ai,
    uploads,
    models: createModelService({ db, access, recordActivity }),
    inspirations: createInspirationService({ db, storage, jobs, renderer: ai.localImages, videoRenderer: ai.localVideos }),
    prompts: createPromptService({ helper: ai.promptHelper }),
    generationEvents,
    generationWatcher: createGenerationWatcher({
      db,
      events: generationEvents,
      logger,
      serialize: (row) => loadGenerationJob(db, storage, row),
      ...watcherTiming,
    }),
    generation: createGenerationEngine({
      db,
      access,
      jobs,
      storage,
      events: generationEvents,
      logger,
      providers: { standard: ai.standardImages, trained: ai.trainedImages },
      providerTimeoutMs: config.providerTimeoutMs,
      videos: ai.videos,
      videoTimeoutMs: config.videoProviderTimeoutMs,
      recordActivity,
      dispatcher,
      onImageSucceededIn: (tx, row) => queueBatchItemAds(tx, jobs, row),
      onJobFinishedIn: webhookEvents.onJobFinishedIn,
    }),
    batches: createBatchService({
      db,
      access,
      storage,
      events: generationEvents,
      dispatcher,
      exports,
      ads,
      provider: ai.standardImages,
      logger,
      onBatchCancelledIn: webhookEvents.onBatchCancelledIn,
    }),
    klips: createKlipService({ db, storage, access, recordActivity, jobs, files: klipFiles }),
    klipFiles,
    adminKlips: createAdminKlipService({ db, storage, jobs, logger, recordActivity, superlikeWebhook: config.superlikeWebhook }),
    superlikeWebhook: createSuperlikeWebhook({
      db,
      storage,
      logger,
      recordActivity,
      appUrl: config.appUrl,
      config: config.superlikeWebhook,
    }),
    klipSharePreview: createKlipSharePreview({ db, storage, appUrl: config.appUrl, logger }),
    klipRenditions: createKlipRenditions({ db, storage, logger }),
    exports,
    mediaFileAccess: createMediaFileAccess({ db, signingKey: mediaSigningKey(requireSessionSecret(config)) }),
    billing: createBillingService({
      db,
      jobs,
      logger,
      mode,
      provider: payments,
      stripe: config.billing.stripe,
      fulfilment,
      appUrl: config.appUrl,
      access,
      testCheckoutAdminsOnly: config.billing.testCheckoutAdminsOnly,
    }),
    sandboxBilling:
      mode === 'sandbox'
        ? createSandboxBilling({ db, jobs, appUrl: config.appUrl, access, adminsOnly: config.billing.testCheckoutAdminsOnly })
        : null,
    activity: createActivityService({ db }),
    knownIssues: createKnownIssueService({ db }),
    workspaces: createWorkspaceService({ db, storage, jobs, appUrl: config.appUrl }),
    brandKits,
    ads,
    looks: createLookService({ db, storage }),
    tempFiles: createTempFileSweeper({ dataDir: config.dataDir, storageRoot: storage.localRoot, logger }),
    webhooks: createWebhookService({ db, jobs, allowPrivateTargets: config.webhooks.allowPrivateTargets }),
    webhookDeliveries: createWebhookDeliverer({
      db,
      jobs,
      logger,
      appUrl: config.appUrl,
      allowPrivateTargets: config.webhooks.allowPrivateTargets,
    }),
    storeClients,
    stores: createStoreService({
      db,
      storage,
      jobs,
      config,
      clients: storeClients,
      oauth: createShopifyOAuth({ db, config, logger }),
      logger,
      recordActivity,
    }),
    storeImports: createStoreImporter({ db, uploads, jobs, clients: storeClients, logger }),
    storeWebhooks: createStoreWebhooks({ db, uploads, config, jobs, clients: storeClients, logger, recordActivity }),
    publishing: createPublishingService({ db, jobs }),
    storePublisher: createStorePublisher({ db, jobs, clients: storeClients, exports, logger }),
  };
}
