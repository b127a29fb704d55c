import type { WebhookEventType } from '#contracts/webhooks.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobOutcome, JobRow } from '../generation/index.ts';
import { batchOfItem, finishedBatchCounts } from './batch-state.ts';
import { queueAttempt } from './delivery-job.ts';
import { enabledEndpoints, insertDeliveries } from './repo.ts';

/** A Standard Webhooks payload: what the receiver parses. */
export interface WebhookPayload {
  type: WebhookEventType;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookEvent {
  type: WebhookEventType;
  /** What it is about ('generation.succeeded:<job id>'): one delivery per endpoint and key. */
  key: string;
  data: Record<string, unknown>;
}

export interface WebhookEmitter {
  /** In the transaction that records a generation's end (the engine's onJobFinishedIn hook). */
  onJobFinishedIn: (tx: DbOrTx, row: JobRow, outcome: JobOutcome) => Promise<void>;
  /** In the transaction that cancels a batch's unstarted items (the batches module's hook). */
  onBatchCancelledIn: (tx: DbOrTx, batch: { id: string; workspaceId: string }) => Promise<void>;
}

/**
 * Turns work ending into webhook deliveries, inside the transaction that records the end: a
 * delivery row per enabled endpoint subscribed to the event, and its first try queued in the same
 * transaction. A workspace without endpoints costs one indexed read; the rest runs in a savepoint
 * whose failure is logged and rolled back alone, so a webhook never fails the work that caused it.
 */
export function createWebhookEmitter(deps: { jobs: JobQueue; logger: Logger; now?: () => Date }): WebhookEmitter {
  const now = deps.now ?? (() => new Date());

  async function record(
    tx: DbOrTx,
    workspaceId: string,
    endpoints: Array<{ id: string; events: WebhookEventType[] }>,
    event: WebhookEvent,
  ) {
    const to = endpoints.filter((endpoint) => endpoint.events.includes(event.type));
    const payload: WebhookPayload = { type: event.type, timestamp: now().toISOString(), data: event.data };
    const ids = await insertDeliveries(
      tx,
      to.map((endpoint) => ({ endpointId: endpoint.id, workspaceId, eventType: event.type, eventKey: event.key, payload })),
    );
    for (const deliveryId of ids) await queueAttempt(deps.jobs, tx, { deliveryId, attempt: 1 });
  }

  /** Runs `work` in a savepoint when the workspace has endpoints; never throws. */
  async function guarded(
    tx: DbOrTx,
    context: Record<string, unknown>,
    workspaceId: string,
    work: (sp: DbOrTx, endpoints: Awaited<ReturnType<typeof enabledEndpoints>>) => Promise<void>,
  ) {
    try {
      const endpoints = await enabledEndpoints(tx, workspaceId);
      if (endpoints.length === 0) return;
      await (tx as Tx).transaction((sp) => work(sp, endpoints));
    } catch (err) {
      deps.logger.warn({ err, ...context }, 'webhook events not recorded');
    }
  }

  async function batchFinished(
    tx: DbOrTx,
    workspaceId: string,
    endpoints: Array<{ id: string; events: WebhookEventType[] }>,
    batchId: string,
    endedBy: string,
  ) {
    if (!endpoints.some((endpoint) => endpoint.events.includes('batch.finished'))) return;
    const counts = await finishedBatchCounts(tx, batchId);
    if (!counts) return;
    await record(tx, workspaceId, endpoints, {
      type: 'batch.finished',
      key: `batch.finished:${batchId}:${endedBy}`,
      data: { batchId, counts },
    });
  }

  return {
    async onJobFinishedIn(tx, row, outcome) {
      await guarded(tx, { jobId: row.id }, row.workspaceId, async (sp, endpoints) => {
        const batchId = await batchOfItem(sp, row.batchItemId);
        const event: WebhookEvent =
          outcome.status === 'succeeded'
            ? {
                type: 'generation.succeeded',
                key: `generation.succeeded:${row.id}`,
                data: { generationId: row.id, klipId: row.klipId, kind: row.kind, batchId, creditsCharged: row.cost },
              }
            : {
                type: 'generation.failed',
                key: `generation.failed:${row.id}`,
                data: { generationId: row.id, batchId, error: outcome.error, refundedCredits: outcome.refundedCredits },
              };
        await record(sp, row.workspaceId, endpoints, event);
        // Each end of a batch is its own event (a retried batch finishes again): keyed by the job that ended it.
        if (batchId) await batchFinished(sp, row.workspaceId, endpoints, batchId, row.id);
      });
    },

    async onBatchCancelledIn(tx, batch) {
      await guarded(tx, { batchId: batch.id }, batch.workspaceId, (sp, endpoints) =>
        batchFinished(sp, batch.workspaceId, endpoints, batch.id, 'cancel'),
      );
    },
  };
}
