import { createHash } from 'node:crypto';
import { RENDITION_WIDTHS, type Rendition } from '#contracts/klip-renditions.ts';
import { getKlipRendition, klipMessages } from '#contracts/klips.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderRendition } from '../../lib/images.ts';
import type { Logger } from '../../lib/logger.ts';
import { QueueFullError, Semaphore } from '../../lib/semaphore.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { cacheControlFor, klipFileVisibility, type Storage } from '../../providers/storage/storage.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { canReadKlip } from '../access/rules.ts';
import { viewerOf } from '../access/viewer.ts';
import { findKlip } from './repo.ts';
import type { KlipRow } from './serialize.ts';
import { pictureKey } from './social-card.ts';

/** Raised when the renditions' drawing changes, so every stored copy is made again under new URLs. */
const RENDITION_VERSION = 1;

/**
 * Copies made at once in one process (each then takes its turn for one of sharp's decode slots,
 * lib/images.ts) and how many more may wait: past that the browser is told to ask again shortly
 * (docs/operations.md#klip-renditions). Every copy is made once and stored, so the work a klip can
 * ever cause is four resizes.
 */
export const RENDITIONS_AT_ONCE = 2;
export const RENDITION_QUEUE = 48;
export const RENDITION_RETRY_AFTER_SECONDS = 2;

type RenditionSource = Pick<KlipRow, 'id' | 'klipType' | 'mediaKey' | 'posterKey' | 'width'>;

/** A fingerprint of what the copies are made from: part of their keys and URLs, so a new picture is never served from an old copy. */
function fingerprint(source: string): string {
  return createHash('sha256')
    .update(JSON.stringify([RENDITION_VERSION, source]))
    .digest('hex')
    .slice(0, 16);
}

/** Where a klip's copy of one width is stored (private: it is served through the route, which checks access). */
export function renditionKey(klip: Pick<KlipRow, 'id' | 'klipType' | 'mediaKey' | 'posterKey'>, width: number): string | null {
  const source = pictureKey(klip);
  return source ? `renditions/${klip.id}/${fingerprint(source)}-${width}.webp` : null;
}

/** Every copy a klip may have, for removing them with the klip. */
export function renditionKeysOf(klip: Pick<KlipRow, 'id' | 'klipType' | 'mediaKey' | 'posterKey'>): string[] {
  return RENDITION_WIDTHS.map((width) => renditionKey(klip, width)).filter((key): key is string => key !== null);
}

/**
 * The copies a page may ask for, narrowest first: the fixed widths up to the picture's own width
 * (a larger copy would only be the same pixels), at least the narrowest. None without a picture.
 */
export function klipRenditions(klip: RenditionSource): Rendition[] {
  const source = pictureKey(klip);
  if (!source) return [];
  const v = fingerprint(source);
  const natural = klip.width ?? Infinity;
  const widths = RENDITION_WIDTHS.filter((width, i) => i === 0 || width <= natural);
  return widths.map((width) => ({
    width,
    url: `${getKlipRendition.path.replace(':id', klip.id).replace(':width', String(width))}?v=${v}`,
  }));
}

export interface KlipRenditions {
  /**
   * A klip's copy at `width` for a viewer who may read the klip ("not found" otherwise, as for the
   * klip itself): the stored one, else made in its turn and stored; 429 while the queue is full.
   * The caller's session is read only for a private klip.
   */
  get(klipId: string, width: number, caller: () => Promise<SignedInUser | null>): Promise<{ data: Buffer; cacheControl: string }>;
}

export function createKlipRenditions(deps: {
  db: DbOrTx;
  storage: Storage;
  logger?: Logger;
  /** Tests count and hold renders; the default is renderRendition. */
  render?: (picture: Buffer, width: number) => Promise<{ data: Buffer }>;
  gate?: Semaphore;
}): KlipRenditions {
  const { db, storage } = deps;
  const render = deps.render ?? renderRendition;
  const gate = deps.gate ?? new Semaphore(RENDITIONS_AT_ONCE, { maxWaiting: RENDITION_QUEUE });
  const renders = new SingleFlight<Buffer>();

  /** Stores a copy unless the klip was deleted or got a new picture meanwhile (the delete removes copies after its commit). */
  async function store(klipId: string, key: string, width: number, data: Buffer): Promise<void> {
    try {
      await storage.put(key, data, { contentType: 'image/webp', visibility: 'private' });
      const now = await findKlip(db, klipId);
      if (!now || renditionKey(now, width) !== key) await storage.delete(key);
    } catch (err) {
      deps.logger?.warn({ err, klipId, key }, 'klip rendition not stored');
    }
  }

  async function make(klip: KlipRow, key: string, width: number): Promise<Buffer> {
    const stored = await storage.get(key);
    if (stored) return stored;
    const source = pictureKey(klip);
    const picture = source ? await storage.get(source) : null;
    if (!picture) throw new AppError('NOT_FOUND', klipMessages.notFound);
    const { data } = await render(picture, width);
    await store(klip.id, key, width, data);
    return data;
  }

  return {
    async get(klipId, width, caller) {
      const klip = await findKlip(db, klipId);
      const readable = klip && (klip.isPublic || canReadKlip(viewerOf(await caller()), klip));
      const key = klip && readable ? renditionKey(klip, width) : null;
      if (!klip || !key) throw new AppError('NOT_FOUND', klipMessages.notFound);
      const stored = await storage.get(key);
      // Cached as the klip's other files are, by the klip's visibility (the stored copy itself is always private).
      const cacheControl = cacheControlFor(key, klipFileVisibility(klip));
      if (stored) return { data: stored, cacheControl };
      try {
        return { data: await renders.run(key, () => gate.run(() => make(klip, key, width))), cacheControl };
      } catch (err) {
        if (err instanceof QueueFullError)
          throw new AppError('RATE_LIMITED', klipMessages.renditionsBusy, { retryAfter: RENDITION_RETRY_AFTER_SECONDS });
        throw err;
      }
    },
  };
}
