import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectAfterQuiet, fullCollection } from './idle-collection.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('collectAfterQuiet', () => {
  it('collects once, delayMs after the last nudge', () => {
    vi.useFakeTimers();
    const collect = vi.fn<() => void>();
    const nudge = collectAfterQuiet({ delayMs: 5_000, collect });
    nudge();
    vi.advanceTimersByTime(4_000);
    nudge();
    vi.advanceTimersByTime(4_999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });
});

describe('fullCollection', () => {
  it('collects what is no longer reachable, without a global gc', async () => {
    const collect = fullCollection();
    expect('gc' in globalThis).toBe(false);
    const watched = new WeakRef(Buffer.alloc(32 * 1024 * 1024));
    // A WeakRef keeps its target until the current job ends.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(watched.deref()).toBeUndefined();
  });
});
