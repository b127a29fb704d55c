/**
 * The render pool: one bounded set of worker threads (piscina) for the server's CPU-heavy work — the local AI's pictures,
 * marketplace exports, ads — so it never holds the event loop that serves HTTP, and all of it together uses at most
 * RENDER_THREADS CPUs (docs/decisions/0028-render-pool.md). Each kind of work is a worker module of its own, named per
 * task; the runtime creates the pool and closes it when it stops.
 */
import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';

/** A worker module whose default export takes a T and gives (a promise of) an R, e.g. `{ url: new URL('./x-worker.ts', import.meta.url) }`. */
export interface RenderWorker<T, R> {
  readonly url: URL;
  /** Never set: carries the task's and the result's types to `run`. */
  readonly types?: (task: T) => R;
}

export interface RenderPool {
  /**
   * Runs `task` through the default export of `worker`'s module, on one of the pool's threads (a value
   * that crosses by structured cloning, Buffers arriving as Uint8Arrays). An abort rejects with the signal's reason
   * and ends the task's thread if it had started; a closed pool refuses.
   */
  run<T, R>(worker: RenderWorker<T, R>, task: T, options?: { signal?: AbortSignal; transferList?: Transferable[] }): Promise<R>;
  /** Threads at most (tasks beyond them wait in the pool's queue). */
  readonly threads: number;
  /** Tasks handed to the pool and not finished (running or waiting for a thread). */
  readonly pending: number;
  /** Threads alive now (started on demand, ended after a minute idle). */
  readonly liveThreads: number;
  /** Tasks the threads have finished, whatever their outcome. */
  readonly completed: number;
  /** Waits for running tasks, then ends the threads. */
  close(): Promise<void>;
}

/** How much lower the render threads' priority is than the process's (nice 0 → 10). */
export const RENDER_NICE_INCREMENT = 10;

export function createRenderPool(options: { threads: number }): RenderPool {
  const pool = new Piscina({
    minThreads: 0,
    maxThreads: options.threads,
    // Idle threads end after a minute: an idle server holds no renderer memory.
    idleTimeout: 60_000,
    // The threads run at a lower CPU priority (Linux nice is per thread; @napi-rs/nice): where the
    // cores are all busy, the event loop that answers requests is scheduled before a render.
    niceIncrement: RENDER_NICE_INCREMENT,
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
    get completed() {
      return pool.completed;
    },
    async run<T, R>(
      worker: RenderWorker<T, R>,
      task: T,
      runOptions: { signal?: AbortSignal; transferList?: Transferable[] } = {},
    ): Promise<R> {
      const { signal } = runOptions;
      signal?.throwIfAborted();
      // Work still asked for while the process stops fails here (a job is resumed by another worker's recovery).
      if (closed) throw new Error('The render pool is closed.');
      pending += 1;
      try {
        // Cancelling ends the task's thread (piscina), so abandoned work never keeps a thread busy.
        return (await pool.run(task, {
          filename: worker.url.href,
          ...(signal ? { signal } : {}),
          ...(runOptions.transferList ? { transferList: runOptions.transferList as never } : {}),
        })) as R;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw error;
      } finally {
        pending -= 1;
      }
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}

/** A thread boundary turns Buffers into plain Uint8Arrays; the server's code expects Buffers. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
