/**
 * The local AI's pictures — text scenes, product shots with their cut-out, try-on and trained looks — drawn in the
 * render pool's threads (src/server/lib/render-pool.ts), so their pixel loops never hold the event loop that serves
 * HTTP (docs/decisions/0028-render-pool.md).
 */
import { MessageChannel } from 'node:worker_threads';
import {
  LOCAL_RENDER_WORKER_URL,
  LOCAL_RENDER_PROGRESS_END as PROGRESS_END,
  LocalAiError,
  type RenderOutcome,
  type RenderTask,
} from '#local-ai/index.ts';
import { asBuffer, type RenderPool, type RenderWorker } from '../../lib/render-pool.ts';
import type { LocalImageRenderer } from './local-image-provider.ts';

const IMAGE_WORKER: RenderWorker<RenderTask, RenderOutcome> = { url: LOCAL_RENDER_WORKER_URL };

/** Same contract as renderLocalImage: the picture, progress on the context, a LocalAiError for what it cannot draw, the signal's reason on abort. */
export function localImageRenderer(pool: RenderPool): LocalImageRenderer {
  return async (request, context) => {
    context.signal.throwIfAborted();
    const progress = new MessageChannel();
    // The port and the result travel apart: the worker's last message says every report has been delivered.
    const { promise: reported, resolve: allReported } = Promise.withResolvers<void>();
    progress.port1.on('message', (report: number | typeof PROGRESS_END) => {
      if (report === PROGRESS_END) allReported();
      else context.onProgress?.(report);
    });
    try {
      const outcome = await pool.run(
        IMAGE_WORKER,
        { request, progress: progress.port2 },
        { transferList: [progress.port2], signal: context.signal },
      );
      await reported;
      if ('refused' in outcome) throw new LocalAiError(outcome.refused, { cause: outcome.cause });
      const { image } = outcome;
      return { ...image, png: asBuffer(image.png), thumbnail: asBuffer(image.thumbnail) };
    } finally {
      progress.port1.close();
    }
  };
}
