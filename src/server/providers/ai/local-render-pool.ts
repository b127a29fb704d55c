/**
 * The render pool: a bounded set of worker threads (piscina) that draw the local AI's pictures — text scenes, product
 * shots with their cut-out, try-on and trained looks — so their pixel loops never hold the event loop that serves HTTP
 * (docs/decisions/0028-render-pool.md). Created by the runtime from RENDER_THREADS and closed when it stops.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import {
  LOCAL_RENDER_WORKER_URL,
  LOCAL_RENDER_PROGRESS_END as PROGRESS_END,
  LocalAiError,
  type LocalImage,
  type LocalImageContext,
  type LocalImageRequest,
  type RenderOutcome,
  type RenderTask,
} from '#local-ai/index.ts';

export interface LocalRenderPool {
  /** Same contract as renderLocalImage: the picture, progress on the context, a LocalAiError for what it cannot draw, the signal's reason on abort. */
  readonly renderImage: (request: LocalImageRequest, context: LocalImageContext) => Promise<LocalImage>;
  /** Threads at most (tasks beyond them wait in the pool's queue). */
  readonly threads: number;
  /** Renders handed to the pool and not finished (running or waiting for a thread). */
  readonly pending: number;
  /** Threads alive now (started on demand, ended after a minute idle). */
  readonly liveThreads: number;
  /** Waits for running renders, then ends the threads. */
  close(): Promise<void>;
}

/** A thread boundary turns Buffers into plain Uint8Arrays; the server's code expects Buffers. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function createLocalRenderPool(options: { threads: number }): LocalRenderPool {
  const pool = new Piscina<RenderTask, RenderOutcome>({
    filename: LOCAL_RENDER_WORKER_URL.href,
    minThreads: 0,
    maxThreads: options.threads,
    // Idle threads end after a minute: an idle server holds no renderer memory.
    idleTimeout: 60_000,
  });
  let pending = 0;
  let closed = false;
  return {
    threads: options.threads,
    get pending() {
      return pending;
    },
    get liveThreads() {
      return pool.threads.length;
    },
    renderImage: async (request, context) => {
      context.signal.throwIfAborted();
      // A job still running while the process stops fails here and is resumed by another worker's recovery.
      if (closed) throw new Error('The render pool is closed.');
      const progress = new MessageChannel();
      // The port and the result travel apart: the worker's last message says every report has been delivered.
      const { promise: reported, resolve: allReported } = Promise.withResolvers<void>();
      progress.port1.on('message', (report: number | typeof PROGRESS_END) => {
        if (report === PROGRESS_END) allReported();
        else context.onProgress?.(report);
      });
      pending += 1;
      try {
        // Cancelling ends the task's thread (piscina), so an abandoned render never keeps a thread busy.
        const outcome = await pool.run({ request, progress: progress.port2 }, { transferList: [progress.port2], signal: context.signal });
        await reported;
        if ('refused' in outcome) throw new LocalAiError(outcome.refused, { cause: outcome.cause });
        const { image } = outcome;
        return { ...image, png: asBuffer(image.png), thumbnail: asBuffer(image.thumbnail) };
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason;
        throw error;
      } finally {
        pending -= 1;
        progress.port1.close();
      }
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}
