/**
 * The render pool's worker for local videos (local-video-pool.ts hands it work): draws the frames and pipes them to
 * ffmpeg from this thread, so the frame loop never holds the server's event loop. Phases go back over the task's port,
 * then 'end'; an 'abort' coming in stops ffmpeg and removes its temporary folder here (ending the thread would leave
 * both behind). A ProviderError comes back as a value: a thread boundary keeps only an error's message.
 */
import type { MessagePort } from 'node:worker_threads';
import { renderLocalVideo } from './local-video-provider.ts';
import { ProviderError } from './provider-error.ts';
import type { VideoPhase, VideoRequest, VideoResult } from './video-provider.ts';

export interface VideoTask {
  request: VideoRequest;
  port: MessagePort;
}

/** From the worker: phases, then VIDEO_END. To the worker: VIDEO_ABORT. */
export type VideoMessage = { phase: VideoPhase; percent?: number } | typeof VIDEO_END;
export const VIDEO_END = 'end';
export const VIDEO_ABORT = 'abort';

export type VideoOutcome =
  | { video: VideoResult }
  | { failed: { provider: string; message: string; status?: number; retryable: boolean; operator: boolean } }
  | { aborted: true };

export default async function renderVideoTask({ request, port }: VideoTask): Promise<VideoOutcome> {
  const abort = new AbortController();
  port.on('message', (message: unknown) => {
    if (message === VIDEO_ABORT) abort.abort();
  });
  const { image } = request;
  try {
    const video = await renderLocalVideo(
      { ...request, image: Buffer.from(image.buffer, image.byteOffset, image.byteLength) },
      {
        signal: abort.signal,
        onPhase: (phase, percent) => port.postMessage((percent === undefined ? { phase } : { phase, percent }) satisfies VideoMessage),
      },
    );
    return { video };
  } catch (error) {
    if (abort.signal.aborted) return { aborted: true };
    if (error instanceof ProviderError) {
      const { provider, message, status, retryable, operator } = error;
      return { failed: { provider, message, ...(status === undefined ? {} : { status }), retryable, operator } };
    }
    throw error;
  } finally {
    port.postMessage(VIDEO_END satisfies VideoMessage);
    port.close();
  }
}
