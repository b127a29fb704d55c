import { EventEmitter } from 'node:events';

/**
 * In-process notice that a job changed, so Server-Sent Events reach the browser at once. Changes
 * made by other instances reach the streams through the watcher's poll (watcher.ts); nothing here
 * is needed for correctness.
 */
export interface GenerationEvents {
  publish(jobId: string): void;
  subscribe(jobId: string, listener: () => void): () => void;
}

export function createGenerationEvents(): GenerationEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(jobId) {
      emitter.emit(jobId);
    },
    subscribe(jobId, listener) {
      emitter.on(jobId, listener);
      return () => emitter.off(jobId, listener);
    },
  };
}
