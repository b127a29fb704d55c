import type { SuperlikeWebhookConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Resolver } from '#server/lib/private-address.ts';
import { postWebhook, WebhookPostError } from '#server/lib/webhook-post.ts';
import { fileUrl, klipFileVisibility, type Storage } from '#server/providers/storage/storage.ts';
import type { ActivityRecorder } from '../../activity/log.ts';
import { findKlip } from '../../klips/repo.ts';
import type { KlipRow } from '../../klips/serialize.ts';
import { superlikeWebhookJob } from './superlike-webhook-job.ts';
import type { SuperlikeWebhook } from './webhook-delivery.ts';
import { signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook-signature.ts';

/** What the receiver gets (the spec's superlike call). */
export interface SuperlikeWebhookBody {
  imageId: string;
  prompt: string;
  modelName: string;
  /** Absolute. A private klip's file needs a session there: the bytes come in imageBase64. */
  imageUrl: string;
  /** The image's bytes; a video klip's poster; null when the klip has no picture to send. */
  imageBase64: string | null;
}

/** One delivery may take this long before it counts as failed (and is retried). */
export const SUPERLIKE_WEBHOOK_TIMEOUT_MS = 10_000;

/** Lets receivers recognise a retry of a delivery they already processed. */
export const DELIVERY_HEADER = 'Klipt-Delivery';

/** Short enough for a log line. */
const excerpt = (prompt: string) => (prompt.length > 60 ? `${prompt.slice(0, 57)}...` : prompt);

export function createSuperlikeWebhook(deps: {
  db: Db;
  storage: Storage;
  logger: Logger;
  recordActivity: ActivityRecorder;
  appUrl: string;
  config: SuperlikeWebhookConfig | undefined;
  timeoutMs?: number;
  now?: () => number;
  /** How host names are resolved (tests give their own; the system's DNS otherwise). */
  resolve?: Resolver;
}): SuperlikeWebhook {
  const { storage } = deps;
  const timeoutMs = deps.timeoutMs ?? SUPERLIKE_WEBHOOK_TIMEOUT_MS;
  const now = deps.now ?? Date.now;
  const retryLimit = superlikeWebhookJob.options.retryLimit ?? 0;

  async function bodyOf(klip: KlipRow): Promise<SuperlikeWebhookBody> {
    // A private klip's address is signed and short-lived: the receiver keeps imageBase64.
    const mediaUrl = await fileUrl(storage, klip.mediaKey, klipFileVisibility(klip));
    const pictureKey = klip.klipType === 'image' ? klip.mediaKey : (klip.posterKey ?? klip.thumbnailKey);
    const picture = pictureKey ? await storage.get(pictureKey) : null;
    return {
      imageId: klip.id,
      prompt: klip.prompt,
      modelName: klip.modelName,
      imageUrl: /^https?:\/\//.test(mediaUrl) ? mediaUrl : `${deps.appUrl}${mediaUrl}`,
      imageBase64: picture ? picture.toString('base64') : null,
    };
  }

  async function post(config: SuperlikeWebhookConfig, body: SuperlikeWebhookBody, job: { id: string; signal: AbortSignal }) {
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(now() / 1000);
    return postWebhook({
      url: config.url,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Klipt-Webhook/1',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(config.secret, timestamp, raw),
        [DELIVERY_HEADER]: job.id,
      },
      body: raw,
      timeoutMs,
      allowPrivate: config.allowPrivate,
      resolve: deps.resolve,
      signal: job.signal,
    });
  }

  return {
    async deliver(klipId, job) {
      const { config } = deps;
      const attempt = job.retryCount + 1;
      if (!config) {
        deps.logger.warn({ klipId }, 'superlike webhook: no longer configured; delivery dropped');
        return;
      }
      const klip = await findKlip(deps.db, klipId);
      if (!klip) {
        await deps.recordActivity({
          type: 'webhook_failed',
          message: 'Superlike webhook not sent: the klip was deleted before delivery',
          details: { klipId, attempt, error: 'klip deleted', willRetry: false },
        });
        return;
      }
      try {
        const status = await post(config, await bodyOf(klip), job);
        await deps.recordActivity({
          type: 'webhook_delivered',
          message: `Superlike webhook delivered for "${excerpt(klip.prompt)}" (attempt ${attempt}, HTTP ${status})`,
          details: { klipId, attempt, status },
        });
      } catch (err) {
        const willRetry = job.retryCount < retryLimit;
        const error = err instanceof Error ? err.message : String(err);
        await deps.recordActivity({
          type: 'webhook_failed',
          message: `Superlike webhook failed for "${excerpt(klip.prompt)}" (attempt ${attempt}): ${error}${willRetry ? '; will retry' : '; giving up'}`,
          details: { klipId, attempt, status: err instanceof WebhookPostError ? err.status : null, error, willRetry },
        });
        throw err;
      }
    },
  };
}
