/**
 * The render pool's worker thread (src/server/providers/ai/local-render-pool.ts runs it through piscina): draws one
 * picture per task, off the server's event loop. Progress goes back over the task's port; a LocalAiError comes back as
 * a value (the pool raises it again as a LocalAiError).
 */
import { LocalAiError } from './errors.ts';
import type { LocalImageRequest } from './requests.ts';
import { PROGRESS_END, type RenderOutcome, type RenderTask } from './render-task.ts';
import { renderImage } from './renderer/render-image.ts';

/** Never aborted here: the pool stops a cancelled task by ending its thread. */
const neverAborted = new AbortController().signal;

/** A thread boundary turns Buffers into plain Uint8Arrays; the renderer expects Buffers. */
function withBuffers(request: LocalImageRequest): LocalImageRequest {
  const photos = (['productImage', 'backgroundImage', 'outfitImage'] as const).filter((key) => request[key]);
  return {
    ...request,
    ...Object.fromEntries(
      photos.map((key) => [key, Buffer.from(request[key]!.buffer, request[key]!.byteOffset, request[key]!.byteLength)]),
    ),
  };
}

export default async function render({ request, progress }: RenderTask): Promise<RenderOutcome> {
  try {
    const image = await renderImage(withBuffers(request), {
      signal: neverAborted,
      onProgress: (percent) => progress.postMessage(percent, []),
    });
    return { image };
  } catch (error) {
    if (error instanceof LocalAiError) return { refused: error.message, ...(error.cause instanceof Error ? { cause: error.cause } : {}) };
    throw error;
  } finally {
    progress.postMessage(PROGRESS_END, []);
    progress.close();
  }
}
