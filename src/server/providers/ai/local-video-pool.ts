/**
 * The local AI's videos drawn and encoded in the render pool's threads (src/server/lib/render-pool.ts): the frame loop
 * never holds the event loop that serves HTTP (docs/decisions/0028-render-pool.md).
 */
import { MessageChannel } from 'node:worker_threads';
import { asBuffer, type RenderPool, type RenderWorker } from '../../lib/render-pool.ts';
import type { LocalVideoRenderer } from './local-video-provider.ts';
import { VIDEO_ABORT, VIDEO_END, type VideoMessage, type VideoOutcome, type VideoTask } from './local-video-worker.ts';
import { ProviderError } from './provider-error.ts';

const VIDEO_WORKER: RenderWorker<VideoTask, VideoOutcome> = { url: new URL('./local-video-worker.ts', import.meta.url) };

/** Same contract as renderLocalVideo: the MP4, phases on the context, a ProviderError for what it cannot draw, the signal's reason on abort. */
export function localVideoRenderer(pool: RenderPool): LocalVideoRenderer {
  return async (request, context) => {
    context.signal.throwIfAborted();
    const channel = new MessageChannel();
    const { promise: ended, resolve: end } = Promise.withResolvers<void>();
    channel.port1.on('message', (message: VideoMessage) => {
      if (message === VIDEO_END) end();
      else context.onPhase?.(message.phase, message.percent);
    });
    // Not the pool's signal: that would end the thread and leave ffmpeg and its temporary folder behind.
    const abort = () => channel.port1.postMessage(VIDEO_ABORT);
    context.signal.addEventListener('abort', abort, { once: true });
    try {
      const outcome = await pool.run(VIDEO_WORKER, { request, port: channel.port2 }, { transferList: [channel.port2] });
      await ended;
      if ('aborted' in outcome) throw context.signal.reason;
      if ('failed' in outcome) throw new ProviderError(outcome.failed);
      return { ...outcome.video, data: asBuffer(outcome.video.data) };
    } finally {
      context.signal.removeEventListener('abort', abort);
      channel.port1.close();
    }
  };
}
