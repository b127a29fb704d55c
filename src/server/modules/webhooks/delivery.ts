import { paths } from '#contracts/paths.ts';
import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_TIMEOUT_SECONDS, webhookRetryDelaysSeconds } from '#contracts/webhooks.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Resolver } from '../../lib/private-address.ts';
import { postWebhook, WebhookPostError } from '../../lib/webhook-post.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { webhookDisabledEmail } from '../mail/templates.ts';
import { queueAttempt, type WebhookDeliverer } from './delivery-job.ts';
import {
  claimAttempt,
  deliveryWithEndpoint,
  disableIfFailingSince,
  leaseOverdueDeliveries,
  markEndpointFailing,
  markEndpointHealthy,
  recordAttempt,
  stopDelivery,
  workspaceOwner,
  type AttemptResult,
} from './delivery-repo.ts';
import type { EndpointRow } from './repo.ts';
import { stopPendingDeliveries } from './repo.ts';
import { webhookHeaders } from './signing.ts';

/** The delivery-log texts of tries that were not made or were refused. */
export const deliveryErrors = {
  endpointOff: 'not sent: the endpoint is switched off',
  refused: (detail: string) => `refused: the address resolves to a private network (${detail})`,
} as const;

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  logger: Logger;
  appUrl: string;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: loopback, private and link-local targets are tried. */
  allowPrivateTargets: boolean;
  timeoutMs?: number;
  now?: () => Date;
  /** How host names are resolved (tests give their own; the system's DNS otherwise). */
  resolve?: Resolver;
}

/**
 * One try of a delivery (the deliver-webhook job): POSTs the payload, signed, to the endpoint, then
 * in one transaction logs the try, updates the delivery (succeeded; pending with the next try
 * queued after webhookRetryDelaysSeconds[attempt - 1]; failed when the schedule is used up) and the
 * endpoint's health: a success clears failing_since, a failure sets it, and a failure when it is
 * WEBHOOK_DISABLE_AFTER_HOURS old switches the endpoint off and emails the workspace's owner, once.
 */
export function createWebhookDeliverer(deps: DeliveryDeps): WebhookDeliverer {
  const { db, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;

  async function send(endpoint: EndpointRow, deliveryId: string, payload: unknown, signal: AbortSignal): Promise<AttemptResult> {
    const at = now();
    const body = JSON.stringify(payload);
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const status = await postWebhook({
        url: endpoint.url,
        headers: webhookHeaders(endpoint.secret, deliveryId, Math.floor(at.getTime() / 1000), body),
        body,
        timeoutMs,
        allowPrivate: deps.allowPrivateTargets,
        resolve: deps.resolve,
        signal,
      });
      return { at, statusCode: status, durationMs: took(), error: null };
    } catch (err) {
      const failure = err instanceof WebhookPostError ? err : new WebhookPostError(String(err), null);
      const error = failure.refused ? deliveryErrors.refused(failure.message.replace(/^refused: /, '')) : failure.message;
      return { at, statusCode: failure.status, durationMs: took(), error };
    }
  }

  async function switchOff(tx: DbOrTx, endpoint: EndpointRow) {
    await stopPendingDeliveries(tx, endpoint.id, deliveryErrors.endpointOff);
    const owner = await workspaceOwner(tx, endpoint.workspaceId);
    if (owner) {
      const message = webhookDisabledEmail(owner.email, endpoint.url, owner.workspaceName, `${deps.appUrl}${paths.developers}`);
      await jobs.send(sendEmailJob, message, { tx });
    }
    deps.logger.warn({ endpointId: endpoint.id }, 'webhook endpoint switched off after a day of failed deliveries');
  }

  return {
    async recoverOverdue() {
      const overdue = await leaseOverdueDeliveries(db);
      for (const { id, attempt } of overdue) await queueAttempt(jobs, undefined, { deliveryId: id, attempt });
      if (overdue.length > 0) deps.logger.warn({ count: overdue.length }, 'webhook tries were lost and are queued again');
      return overdue.length;
    },

    async attempt({ deliveryId, attempt }, job) {
      const found = await deliveryWithEndpoint(db, deliveryId);
      // Gone (the endpoint was deleted), finished, or this try was taken already (a job run twice).
      if (!found || found.delivery.status !== 'pending' || found.delivery.attempts !== attempt - 1) return;
      const { endpoint, delivery } = found;
      if (!endpoint.enabled) {
        await stopDelivery(db, deliveryId, deliveryErrors.endpointOff);
        return;
      }
      if (!(await claimAttempt(db, deliveryId, attempt))) return;
      const result = await send(endpoint, delivery.id, delivery.payload, job.signal);
      const delay = webhookRetryDelaysSeconds[attempt - 1];
      await db.transaction(async (tx) => {
        if (result.error === null) {
          await recordAttempt(tx, deliveryId, result, { status: 'succeeded', nextAttemptAt: null });
          await markEndpointHealthy(tx, endpoint.id);
          return;
        }
        await markEndpointFailing(tx, endpoint.id, result.at);
        const disableBefore = new Date(result.at.getTime() - WEBHOOK_DISABLE_AFTER_HOURS * 3600_000);
        const disabled = await disableIfFailingSince(tx, endpoint.id, disableBefore, result.at);
        const retry = !disabled && delay !== undefined;
        await recordAttempt(tx, deliveryId, result, {
          status: retry ? 'pending' : 'failed',
          nextAttemptAt: retry ? new Date(result.at.getTime() + delay * 1000) : null,
        });
        if (retry) await queueAttempt(jobs, tx, { deliveryId, attempt: attempt + 1 }, delay);
        if (disabled) await switchOff(tx, disabled);
      });
    },
  };
}
