import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { SuperlikeWebhookConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import { kindPhrase, PrivateAddressError, privateHostKind, publicOnlyLookup, type Resolver } from '#server/lib/private-address.ts';
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

/** A failed attempt; status is the receiver's answer, null when there was none. */
class DeliveryError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'DeliveryError';
    this.status = status;
  }
}

/**
 * One POST with node's http(s) client, which takes a `lookup` (fetch does not); resolves with the
 * status, the answer's body dropped so the connection is freed.
 */
function postOnce(url: URL, options: { headers: Record<string, string>; body: string; lookup: LookupFunction; signal: AbortSignal }) {
  return new Promise<number>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'POST', headers: options.headers, lookup: options.lookup, signal: options.signal, agent: false },
      (res) => {
        res.on('error', () => {});
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

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
    const url = new URL(config.url);
    // A literal address is never looked up: it is checked here (the start checked it too).
    const literal = config.allowPrivate ? undefined : privateHostKind(url.hostname);
    if (literal) throw new DeliveryError(`refused: ${url.hostname} is ${kindPhrase(literal)}`, null);
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(now() / 1000);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const status = await postOnce(url, {
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(raw)),
          'User-Agent': 'Klipt-Webhook/1',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWebhook(config.secret, timestamp, raw),
          [DELIVERY_HEADER]: job.id,
        },
        body: raw,
        // The socket connects to an address this lookup checked: DNS cannot switch it afterwards.
        lookup: publicOnlyLookup({ allowPrivate: config.allowPrivate, ...(deps.resolve && { resolve: deps.resolve }) }),
        signal: AbortSignal.any([job.signal, timeout]),
      });
      // Redirects are not followed (a POST would become a GET elsewhere): the configured URL must answer itself.
      if (status < 200 || status > 299) throw new DeliveryError(`answered HTTP ${status}`, status);
      return status;
    } catch (err) {
      if (err instanceof DeliveryError) throw err;
      if (err instanceof PrivateAddressError) throw new DeliveryError(`refused: ${err.message}`, null);
      throw new DeliveryError(
        timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : `request failed: ${(err as Error).message}`,
        null,
      );
    }
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
          details: { klipId, attempt, status: err instanceof DeliveryError ? err.status : null, error, willRetry },
        });
        throw err;
      }
    },
  };
}
