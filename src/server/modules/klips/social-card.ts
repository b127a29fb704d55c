import { createHash } from 'node:crypto';
import { klipMessages } from '#contracts/klips.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderSocialCard } from '../../lib/images.ts';
import type { Logger } from '../../lib/logger.ts';
import { QueueFullError, Semaphore } from '../../lib/semaphore.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { findKlip } from './repo.ts';
import type { KlipRow } from './serialize.ts';

/** Raised when the card's drawing changes, so every stored card is drawn again. */
const CARD_VERSION = 1;

/** Social cards rendered at once in one process, and how many more may wait for their turn (docs/operations.md#share-previews-and-klip-files). */
export const SOCIAL_RENDERS_AT_ONCE = 1;
export const SOCIAL_RENDER_QUEUE = 4;
/** What a crawler turned away by a full queue is told to wait. */
export const SOCIAL_RENDER_RETRY_AFTER_SECONDS = 5;

type CardSource = Pick<KlipRow, 'id' | 'klipType' | 'mediaKey' | 'posterKey' | 'prompt'>;

/** The stored picture of a klip that cards and sized copies are drawn from: an image's own file, a video's poster (null: none). */
export function pictureKey(klip: Pick<KlipRow, 'klipType' | 'mediaKey' | 'posterKey'>): string | null {
  return klip.klipType === 'image' ? klip.mediaKey : klip.posterKey;
}

/**
 * Where a klip's card is stored: named after the klip and a fingerprint of everything the card is
 * made from (its picture, its prompt, the drawing's version), so a change to any of them is a new
 * key and the old card is never served again. Null when the klip has no picture to draw.
 */
export function socialCardKey(klip: CardSource): string | null {
  const picture = pictureKey(klip);
  if (!picture) return null;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([CARD_VERSION, klip.klipType, picture, klip.prompt]))
    .digest('hex')
    .slice(0, 24);
  return `social/${klip.id}-${fingerprint}.jpg`;
}

export interface SocialCards {
  /** The card of a klip a visitor may read (the caller checked): the stored one, else rendered in its turn and stored. */
  card(klip: KlipRow): Promise<Buffer>;
}

/**
 * Link-preview cards, rendered once and stored as public files. Renders take turns: at most
 * `gate.slots` at once in the process with a short queue behind them, and a request that finds the
 * queue full gets 429 with Retry-After instead of piling up (429, not 503: turning a
 * crawler away is the design working, not a failure to log); requests for a card that is being
 * rendered wait for that render instead of starting another. A stored card is answered without
 * waiting for anything. Another process rendering the same card is found by the stored file.
 */
export function createSocialCards(deps: {
  db: Db;
  storage: Storage;
  logger?: Logger;
  /** Draws the card from the picture's bytes (renderSocialCard). */
  render?: (picture: Buffer) => Promise<Buffer>;
  gate?: Semaphore;
}): SocialCards {
  const { db, storage } = deps;
  const render = deps.render ?? renderSocialCard;
  const gate = deps.gate ?? new Semaphore(SOCIAL_RENDERS_AT_ONCE, { maxWaiting: SOCIAL_RENDER_QUEUE });
  const renders = new SingleFlight<Buffer>();

  /**
   * Stores a card unless the klip changed meanwhile: going private or being deleted removes the
   * card after the change commits, so a render that stores later finds the change here and
   * removes its file itself.
   */
  async function store(klipId: string, key: string, data: Buffer): Promise<void> {
    try {
      await storage.put(key, data, { contentType: 'image/jpeg', visibility: 'public' });
      const now = await findKlip(db, klipId);
      if (!now?.isPublic || socialCardKey(now) !== key) await storage.delete(key);
    } catch (err) {
      deps.logger?.warn({ err, klipId, key }, 'social card not stored');
    }
  }

  async function renderAndStore(klip: KlipRow, key: string): Promise<Buffer> {
    const stored = await storage.get(key);
    if (stored) return stored;
    const source = pictureKey(klip);
    const picture = source ? await storage.get(source) : null;
    if (!picture) throw new AppError('NOT_FOUND', klipMessages.notFound);
    const data = await render(picture);
    await store(klip.id, key, data);
    return data;
  }

  return {
    async card(klip) {
      const key = socialCardKey(klip);
      if (!key) throw new AppError('NOT_FOUND', klipMessages.notFound);
      const stored = await storage.get(key);
      if (stored) return stored;
      try {
        return await renders.run(key, () => gate.run(() => renderAndStore(klip, key)));
      } catch (err) {
        if (err instanceof QueueFullError)
          throw new AppError('RATE_LIMITED', klipMessages.previewBusy, { retryAfter: SOCIAL_RENDER_RETRY_AFTER_SECONDS });
        throw err;
      }
    },
  };
}
