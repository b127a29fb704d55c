import { readdir } from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '#test-support/wait-for.ts';
import { createRenderPool } from '../../lib/render-pool.ts';
import { localVideoRenderer } from './local-video-pool.ts';
import { renderLocalVideo } from './local-video-provider.ts';
import { ProviderError } from './provider-error.ts';
import type { VideoPhase, VideoRequest } from './video-provider.ts';

const pool = createRenderPool({ threads: 1 });
afterAll(() => pool.close());
const inPool = localVideoRenderer(pool);

const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#ffffff' } })
  .composite([
    {
      input: await sharp({ create: { width: 160, height: 220, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer(),
      gravity: 'centre',
    },
  ])
  .png()
  .toBuffer();
const request = (patch: Partial<VideoRequest> = {}): VideoRequest => ({
  subject: 'bottle',
  negativePrompt: '',
  effect: 'squish_it',
  image: photo,
  seed: 42,
  videoLength: 1,
  resolution: 360,
  steps: 30,
  ...patch,
});
const context = () => ({ signal: AbortSignal.timeout(60_000) });
const videoFolders = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith('klipt-video-')).sort();

describe('local videos in the render pool', () => {
  it('encodes the same MP4 as on this thread, and reports its phases from the thread', async () => {
    const phases: Array<[VideoPhase, number | undefined]> = [];
    const fromPool = await inPool(request({ effect: 'zap_me' }), {
      ...context(),
      onPhase: (phase, percent) => phases.push([phase, percent]),
    });
    const here = await renderLocalVideo(request({ effect: 'zap_me' }), context());
    expect(Buffer.isBuffer(fromPool.data)).toBe(true);
    expect(fromPool.data.equals(here.data)).toBe(true);
    expect(fromPool).toMatchObject({ mimeType: 'video/mp4', attributes: here.attributes });
    expect(phases[0]).toEqual(['generating', 0]);
    expect(phases).toContainEqual(['generating', 100]);
    expect(phases.at(-1)).toEqual(['finalizing', undefined]);
  });

  it('raises what it cannot draw as the same ProviderError as on this thread', async () => {
    const unreadable = request({ image: Buffer.from('not an image') });
    const here = await renderLocalVideo(unreadable, context()).catch((error: unknown) => error);
    expect(here).toBeInstanceOf(ProviderError);
    const fromPool = await inPool(unreadable, context()).catch((error: unknown) => error);
    expect(fromPool).toBeInstanceOf(ProviderError);
    expect(fromPool).toMatchObject({ provider: 'local', message: (here as ProviderError).message, retryable: false, operator: false });
  });

  it('stops a cancelled video with the signal’s reason, leaves no temporary folder, and encodes the next one', async () => {
    const before = await videoFolders();
    const controller = new AbortController();
    const rendering = inPool(request({ effect: 'zap_me', videoLength: 5, resolution: 640 }), {
      signal: controller.signal,
      onPhase: (phase, percent) => {
        if (phase === 'generating' && (percent ?? 0) >= 10) controller.abort(new Error('stopped by the test'));
      },
    });
    await expect(rendering).rejects.toThrow('stopped by the test');
    // Other test files may be encoding meanwhile: their folders come and go, a leaked one would stay.
    await waitFor(async () => (await videoFolders()).every((name) => before.includes(name)), {
      timeoutMs: 60_000,
      message: 'no temporary video folder left behind',
    });
    expect(pool.pending).toBe(0);
    const aborted = new AbortController();
    aborted.abort();
    await expect(inPool(request(), { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect((await inPool(request(), context())).data.length).toBeGreaterThan(0);
  });
});
