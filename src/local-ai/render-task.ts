/** What the render pool's worker thread (render-worker.ts) takes and gives back; kept apart so the entry loads no renderer. */
import type { MessagePort } from 'node:worker_threads';
import type { LocalImage, LocalImageRequest } from './requests.ts';

export interface RenderTask {
  request: LocalImageRequest;
  /** Progress percentages, then PROGRESS_END. */
  progress: MessagePort;
}

/** A LocalAiError comes back as a value: a thread boundary keeps only an error's message. */
export type RenderOutcome = { image: LocalImage } | { refused: string; cause?: unknown };

/** The last message on a task's progress port. */
export const PROGRESS_END = 'end';
