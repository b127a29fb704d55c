import sharp from 'sharp';
import { createLocalVideoProvider } from '#server/providers/ai/local-video-provider.ts';
import type { Measure } from '../lib.ts';

/** The local renderer's wall time for a 3 s 560p video of a product photo (median of 3). */
export async function measureVideoRender(runs = 3): Promise<Measure> {
  const bottle = await sharp({ create: { width: 360, height: 560, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#ffffff' } })
    .composite([{ input: bottle, gravity: 'centre' }])
    .jpeg()
    .toBuffer();
  const renderer = createLocalVideoProvider();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await renderer.generate(
      { subject: 'bottle', negativePrompt: '', effect: 'princess_me', image: photo, seed: i, videoLength: 3, resolution: 560, steps: 30 },
      { signal: AbortSignal.timeout(120_000) },
    );
    times.push(performance.now() - started);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  return {
    name: 'local video render 3 s 560p (median of 3)',
    value: Number((median / 1000).toFixed(2)),
    unit: 's',
    target: 10,
    better: 'lower',
    detail: { runs, effect: 'princess_me' },
  };
}
