import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createRenderPool, RENDER_NICE_INCREMENT, type RenderWorker } from './render-pool.ts';

const threadPriority: RenderWorker<undefined, number> = {
  url: new URL('../../../tests/support/thread-priority-worker.ts', import.meta.url),
};

describe('the render pool', () => {
  it.runIf(process.platform === 'linux')('runs its threads at a lower CPU priority than the event loop', async () => {
    const pool = createRenderPool({ threads: 1 });
    try {
      const loop = os.getPriority();
      expect(await pool.run(threadPriority, undefined)).toBe(Math.min(19, loop + RENDER_NICE_INCREMENT));
      // The event loop's own priority is untouched.
      expect(os.getPriority()).toBe(loop);
    } finally {
      await pool.close();
    }
  });
});
