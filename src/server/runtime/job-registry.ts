import { pruneRateLimitsTask } from '../http/rate-limit.ts';
import { pruneIdempotentRequestsTask } from '../modules/api-keys/idempotency.ts';
import { superlikeWebhookJob } from '../modules/admin/klips/superlike-webhook-job.ts';
import type { JobDefinition, WorkerTask } from '../jobs/job.ts';
import { sweepTempFilesTask } from '../lib/temp-files.ts';
import { requestPasswordResetJob, resendVerificationJob, sendSignInLinkJob } from '../modules/auth/jobs.ts';
import { generateImageJob, generateVideoJob, recoverGenerationsTask } from '../modules/generation/index.ts';
import { seedContentAtStartTask, seedContentJob } from '../modules/inspirations/jobs.ts';
import { makeBatchAdsJob } from '../modules/batches/ad-jobs.ts';
import { processBillingEventJob } from '../modules/billing/jobs.ts';
import { syncKlipFilesJob } from '../modules/klips/file-visibility.ts';
import { sendEmailJob } from '../modules/mail/jobs.ts';
import { deliverWebhookJob, recoverWebhookDeliveriesTask } from '../modules/webhooks/delivery-job.ts';
import { importStoreCatalogueJob, processShopifyWebhookJob, recoverStoreImportsTask } from '../modules/stores/jobs.ts';
import { publishToStoreJob, recoverStorePublicationsTask } from '../modules/stores/publishing/job.ts';
import type { JobNeeds } from './services.ts';

/**
 * Every background job, as its module defines it. The types check that the services handed to
 * handlers give each job what it asks for; a queue exists for each entry from the first start.
 */
// oxlint-disable-next-line typescript/no-explicit-any -- each job has its own payload type
export const allJobs: ReadonlyArray<JobDefinition<any, JobNeeds>> = [
  sendEmailJob,
  generateImageJob,
  generateVideoJob,
  seedContentJob,
  requestPasswordResetJob,
  resendVerificationJob,
  sendSignInLinkJob,
  processBillingEventJob,
  superlikeWebhookJob,
  syncKlipFilesJob,
  makeBatchAdsJob,
  deliverWebhookJob,
  importStoreCatalogueJob,
  publishToStoreJob,
  processShopifyWebhookJob,
];

/** What worker processes do on their own: recovery and housekeeping. */
export const workerTasks: ReadonlyArray<WorkerTask<JobNeeds>> = [
  recoverGenerationsTask,
  pruneRateLimitsTask,
  pruneIdempotentRequestsTask,
  recoverWebhookDeliveriesTask,
  recoverStoreImportsTask,
  recoverStorePublicationsTask,
  seedContentAtStartTask,
  sweepTempFilesTask,
];
