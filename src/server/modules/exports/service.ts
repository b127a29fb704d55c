import {
  exportFileName,
  exportFits,
  exportMessages,
  exportPreset,
  exportPresetIds,
  type ExportFit,
  type ExportPresetId,
} from '#contracts/exports.ts';
import { klipMessages } from '#contracts/klips.ts';
import { exportRenderRateLimit } from '#contracts/limits.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { canEditKlip } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { findKlip } from '../klips/repo.ts';
import type { KlipRow } from '../klips/serialize.ts';
import { exportRendererOf, type ExportRenderer } from './render.ts';
import type { Upscaler } from './upscaler.ts';

export interface KlipExport {
  data: Buffer;
  fileName: string;
}

export interface ExportService {
  /** The export of a klip of a workspace the user belongs to (or any klip, for a super admin); others' klips are "not found". */
  export(user: SignedInUser, klipId: string, preset: ExportPresetId, fit: ExportFit, name?: string): Promise<KlipExport>;
  /**
   * The export of a klip row the caller has already authorised (no access check): from the cache,
   * else rendered and cached. Not counted against a user's renders (batch ZIPs render through it).
   */
  renderForKlip(klip: KlipRow, preset: ExportPresetId, fit: ExportFit): Promise<Buffer>;
}

/**
 * Where an export is cached. Upscaling has no frame, so both fits are one file. The original is
 * never rewritten, so a cached export never goes stale; deleting a klip removes its exports
 * (`exportKeysOf`), and a render still running then removes what it stores.
 */
export function exportKey(klipId: string, preset: ExportPresetId, fit: ExportFit): string {
  return `exports/${klipId}/${preset}-${exportPreset(preset).kind === 'upscale' ? 'pad' : fit}.jpg`;
}

/** Every key an export of the klip may be cached under (what deleting the klip removes). */
export function exportKeysOf(klipId: string): string[] {
  return [...new Set(exportPresetIds.flatMap((preset) => exportFits.map((fit) => exportKey(klipId, preset, fit))))];
}

export function createExportService(deps: {
  db: Db;
  storage: Storage;
  access: ViewerLoader;
  logger: Logger;
  /** Counts each user's new renders (exportRenderRateLimit). */
  rateLimiter: Pick<RateLimiter, 'hit'>;
  /** Where exports are rendered: the runtime passes the render pool's (render-in-pool.ts); by default on this thread. */
  render?: ExportRenderer;
  /** The upscale preset's upscaler when rendering on this thread (tests hold renders with one). */
  upscaler?: Upscaler;
}): ExportService {
  const { db, storage, logger } = deps;
  const renderExport = deps.render ?? exportRendererOf(deps.upscaler);
  const renders = new SingleFlight<Buffer>();

  /**
   * Stores a rendered export unless its klip is gone: deleting a klip removes its exports after its
   * row's commit, so a render that stores later finds the row missing here and removes its file.
   */
  async function store(klipId: string, key: string, data: Buffer): Promise<void> {
    try {
      await storage.put(key, data, { contentType: 'image/jpeg', visibility: 'private' });
      if (!(await findKlip(db, klipId))) await storage.delete(key);
    } catch (err) {
      logger.warn({ err, klipId, key }, 'export not cached');
    }
  }

  /** One render per key at a time in this process; another process's render is found by the stored file. */
  function render(klip: KlipRow, preset: ExportPresetId, fit: ExportFit, key: string): Promise<Buffer> {
    return renders.run(key, async () => {
      const stored = await storage.get(key);
      if (stored) return stored;
      const original = await storage.get(klip.mediaKey);
      if (!original) throw new AppError('NOT_FOUND', klipMessages.notFound);
      const started = Date.now();
      const data = await renderExport(original, preset, fit);
      await store(klip.id, key, data);
      logger.info({ klipId: klip.id, preset, fit, bytes: data.length, ms: Date.now() - started }, 'export rendered');
      return data;
    });
  }

  async function cachedOrRendered(
    klip: KlipRow,
    preset: ExportPresetId,
    fit: ExportFit,
    beforeRender?: () => Promise<void>,
  ): Promise<Buffer> {
    if (klip.klipType !== 'image') throw new AppError('BAD_REQUEST', exportMessages.notImage);
    const key = exportKey(klip.id, preset, fit);
    const cached = await storage.get(key);
    if (cached) return cached;
    await beforeRender?.();
    return render(klip, preset, fit, key);
  }

  return {
    async export(user, klipId, preset, fit, name) {
      const [klip, viewer] = await Promise.all([findKlip(db, klipId), deps.access.viewer(user)]);
      if (!klip || !canEditKlip(viewer, klip)) throw new AppError('NOT_FOUND', klipMessages.notFound);
      const data = await cachedOrRendered(klip, preset, fit, () =>
        deps.rateLimiter.hit(exportRenderRateLimit, user.id, exportMessages.tooManyRenders),
      );
      return { data, fileName: exportFileName(name, preset) };
    },
    renderForKlip: (klip, preset, fit) => cachedOrRendered(klip, preset, fit),
  };
}
