import { EventEmitter } from 'node:events';

/**
 * In-process notice that a job changed, so Server-Sent Events reach the browser at once. Other
 * instances are covered by the SSE handler's own polling; nothing here is needed for correctness.
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
