import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { apiKeyMessages } from '#contracts/api-keys.ts';
import {
  WEBHOOK_ENDPOINTS_PER_WORKSPACE,
  webhookMessages,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
  type WebhookEndpointInput,
  type WebhookEndpointWithSecret,
} from '#contracts/webhooks.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { canManageApiAccess } from '../access/rules.ts';
import { requireApiManager } from '../api-keys/manager.ts';
import { lockedView } from '../workspaces/context.ts';
import { queueAttempt } from './delivery-job.ts';
import { deliveryErrors } from './delivery.ts';
import {
  countEndpoints,
  deleteEndpointRow,
  deliveryPage,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listEndpointRows,
  stopPendingDeliveries,
  updateEndpointRow,
  type EndpointRow,
} from './repo.ts';
import { reopenDelivery } from './resend-repo.ts';
import { toDelivery, toEndpoint } from './serialize.ts';
import { newWebhookSecret } from './signing.ts';
import { checkEndpointUrl } from './target.ts';

type Input = z.output<typeof WebhookEndpointInput>;
type Changes = z.output<typeof WebhookEndpointChanges>;

export interface WebhookService {
  list(user: SignedInUser, workspaceId: string): Promise<{ endpoints: WebhookEndpoint[] }>;
  create(user: SignedInUser, workspaceId: string, input: Input): Promise<WebhookEndpointWithSecret>;
  update(user: SignedInUser, workspaceId: string, endpointId: string, changes: Changes): Promise<WebhookEndpoint>;
  remove(user: SignedInUser, workspaceId: string, endpointId: string): Promise<void>;
  rotateSecret(user: SignedInUser, workspaceId: string, endpointId: string): Promise<WebhookEndpointWithSecret>;
  /** Queues a 'webhook.test' delivery to the endpoint (409 when it is switched off). */
  sendTest(user: SignedInUser, workspaceId: string, endpointId: string): Promise<WebhookDelivery>;
  deliveries(user: SignedInUser, workspaceId: string, endpointId: string, cursor: string | undefined): Promise<WebhookDeliveryPage>;
  /** A new try of a delivery now, with the same webhook-id (409 when the endpoint is switched off). */
  resend(user: SignedInUser, workspaceId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery>;
}

export interface WebhookServiceDeps {
  db: Db;
  jobs: JobQueue;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: http:// and loopback/private hosts may be saved. */
  allowPrivateTargets: boolean;
  now?: () => Date;
}

const endpointOf = async (tx: DbOrTx, workspaceId: string, endpointId: string): Promise<EndpointRow> => {
  const endpoint = await findEndpoint(tx, workspaceId, endpointId);
  if (!endpoint) throw new AppError('NOT_FOUND', webhookMessages.notFound);
  return endpoint;
};

const enabledEndpointOf = async (tx: DbOrTx, workspaceId: string, endpointId: string): Promise<EndpointRow> => {
  const endpoint = await endpointOf(tx, workspaceId, endpointId);
  if (!endpoint.enabled) throw new AppError('CONFLICT', webhookMessages.endpointDisabled);
  return endpoint;
};

/**
 * A workspace's webhook endpoints and their delivery logs. The router has refused non-members
 * (404) and workspaces without 'API access' (403); managing endpoints and reading their logs is
 * for owners and admins (403 for members).
 */
export function createWebhookService(deps: WebhookServiceDeps): WebhookService {
  const { db, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  /** Changes lock the workspace and judge the caller's role as it is now. */
  const change = <T>(user: SignedInUser, workspaceId: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const { viewer } = await lockedView(tx, requireApiManager(user, workspaceId), workspaceId);
      if (!canManageApiAccess(viewer, workspaceId)) throw new AppError('FORBIDDEN', apiKeyMessages.notAllowed);
      return work(tx);
    });

  return {
    async list(user, workspaceId) {
      requireApiManager(user, workspaceId);
      return { endpoints: (await listEndpointRows(db, workspaceId)).map(toEndpoint) };
    },

    async create(user, workspaceId, input) {
      const url = checkEndpointUrl(input.url, deps.allowPrivateTargets);
      return change(user, workspaceId, async (tx) => {
        if ((await countEndpoints(tx, workspaceId)) >= WEBHOOK_ENDPOINTS_PER_WORKSPACE)
          throw new AppError('CONFLICT', webhookMessages.tooManyEndpoints);
        const secret = newWebhookSecret();
        const row = await insertEndpoint(tx, {
          workspaceId,
          createdBy: user.id,
          url,
          events: input.events,
          description: input.description,
          secret,
        });
        return { endpoint: toEndpoint(row), secret };
      });
    },

    async update(user, workspaceId, endpointId, changes) {
      const url = changes.url === undefined ? undefined : checkEndpointUrl(changes.url, deps.allowPrivateTargets);
      return change(user, workspaceId, async (tx) => {
        const endpoint = await endpointOf(tx, workspaceId, endpointId);
        const switching =
          changes.enabled === undefined || changes.enabled === endpoint.enabled
            ? {}
            : changes.enabled
              ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null }
              : { enabled: false, disabledReason: 'manual', disabledAt: now() };
        const row = await updateEndpointRow(tx, workspaceId, endpointId, {
          ...(url !== undefined ? { url } : {}),
          ...(changes.events !== undefined ? { events: changes.events } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...switching,
        });
        if (changes.enabled === false && endpoint.enabled) await stopPendingDeliveries(tx, endpointId, deliveryErrors.endpointOff);
        return toEndpoint(row!);
      });
    },

    async remove(user, workspaceId, endpointId) {
      await change(user, workspaceId, async (tx) => {
        // Its deliveries and attempts go with it (cascade); their queued tries find nothing.
        if (!(await deleteEndpointRow(tx, workspaceId, endpointId))) throw new AppError('NOT_FOUND', webhookMessages.notFound);
      });
    },

    async rotateSecret(user, workspaceId, endpointId) {
      return change(user, workspaceId, async (tx) => {
        await endpointOf(tx, workspaceId, endpointId);
        const secret = newWebhookSecret();
        const row = await updateEndpointRow(tx, workspaceId, endpointId, { secret });
        return { endpoint: toEndpoint(row!), secret };
      });
    },

    async sendTest(user, workspaceId, endpointId) {
      return change(user, workspaceId, async (tx) => {
        await enabledEndpointOf(tx, workspaceId, endpointId);
        const at = now();
        const [deliveryId] = await insertDeliveries(tx, [
          {
            endpointId,
            workspaceId,
            eventType: 'webhook.test',
            eventKey: `webhook.test:${randomUUID()}`,
            payload: { type: 'webhook.test', timestamp: at.toISOString(), data: { endpointId } },
          },
        ]);
        await queueAttempt(jobs, tx, { deliveryId: deliveryId!, attempt: 1 });
        return toDelivery((await findDelivery(tx, endpointId, deliveryId!))!);
      });
    },

    async deliveries(user, workspaceId, endpointId, cursor) {
      requireApiManager(user, workspaceId);
      await endpointOf(db, workspaceId, endpointId);
      const page = await deliveryPage(db, endpointId, cursor);
      return { deliveries: page.rows.map(toDelivery), nextCursor: page.nextCursor };
    },

    async resend(user, workspaceId, endpointId, deliveryId) {
      return change(user, workspaceId, async (tx) => {
        await enabledEndpointOf(tx, workspaceId, endpointId);
        const delivery = await findDelivery(tx, endpointId, deliveryId);
        if (!delivery) throw new AppError('NOT_FOUND', webhookMessages.deliveryNotFound);
        // The next try number: a scheduled retry carrying the same number finds it taken and does nothing.
        const reopened = await reopenDelivery(tx, deliveryId, now());
        await queueAttempt(jobs, tx, { deliveryId, attempt: reopened.attempts + 1 });
        return toDelivery(reopened);
      });
    },
  };
}
