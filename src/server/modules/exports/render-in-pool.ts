/** Marketplace exports rendered in the render pool's threads (docs/decisions/0028-render-pool.md). */
import { asBuffer, type RenderPool, type RenderWorker } from '../../lib/render-pool.ts';
import type { ExportTask } from './export-worker.ts';
import type { ExportRenderer } from './render.ts';

const EXPORT_WORKER: RenderWorker<ExportTask, Uint8Array> = { url: new URL('./export-worker.ts', import.meta.url) };

/** Same bytes as `renderExport` with the sharp upscaler on this thread (export-renders.test.ts); the image is copied, never detached. */
export function exportRendererIn(pool: RenderPool): ExportRenderer {
  return async (image, preset, fit) => asBuffer(await pool.run(EXPORT_WORKER, { image, preset, fit }));
}
