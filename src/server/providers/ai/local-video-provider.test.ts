import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { blackBars } from '#test-support/black-bars.ts';
import { videoEffects, type VideoEffect, type VideoResolution } from '#contracts/video-effects.ts';
import { drawLocalVideoFrames as drawVideoFrames, localVideoFrameSize as frameSize } from '#local-ai/index.ts';
import { extractFrame, probeVideo } from '../../lib/video-probe.ts';
import { renderLocalVideo } from './local-video-provider.ts';
import type { VideoRequest } from './video-provider.ts';

/** A product shot: a coloured bottle shape on a white background. */
async function productPhoto(width: number, height: number): Promise<Buffer> {
  const bottle = await sharp({
    create: { width: Math.round(width * 0.4), height: Math.round(height * 0.6), channels: 3, background: '#0f766e' },
  })
    .composite([
      {
        input: await sharp({ create: { width: 30, height: 40, channels: 3, background: '#fde047' } })
          .png()
          .toBuffer(),
        gravity: 'centre',
      },
    ])
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: bottle, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** A dark product shot on black, as luxury products often are: the hardest case for dark effects. */
function productOnBlack(width: number, height: number): Promise<Buffer> {
  const bottle = `<rect x="${width * 0.4}" y="${height * 0.25}" width="${width * 0.2}" height="${height * 0.5}" rx="8" fill="#3a2a20"/>`;
  return sharp({ create: { width, height, channels: 3, background: '#050505' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${bottle}</svg>`) }])
    .png()
    .toBuffer();
}

/** The image studio's ratios, their portrait sides, and a picture wider than the 16:9 a video keeps. */
const RATIOS: Array<[number, number]> = [
  [1, 1],
  [16, 9],
  [9, 16],
  [4, 3],
  [3, 4],
  [3, 2],
  [2, 3],
  [21, 9],
];

let photo: Buffer;
const request = (effect: VideoEffect, patch: Partial<VideoRequest> = {}): VideoRequest => ({
  subject: 'bottle',
  negativePrompt: '',
  effect,
  image: photo,
  seed: 42,
  videoLength: 1,
  resolution: 360,
  steps: 30,
  ...patch,
});
const render = (r: VideoRequest, signal = AbortSignal.timeout(60_000)) => renderLocalVideo(r, { signal });

/** Grey 32×32 of a frame: a cheap signature to compare frames by. */
async function signature(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

beforeAll(async () => {
  photo = await productPhoto(480, 480);
});

describe('the local video renderer', () => {
  const middles = new Map<VideoEffect, Buffer>();

  it('renders each of the twenty effects as a valid H.264 MP4 of the right length and size', async () => {
    for (const effect of videoEffects) {
      const video = await render(request(effect));
      expect(video.mimeType).toBe('video/mp4');
      const info = await probeVideo(video.data);
      expect(info, effect).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 360, height: 360, fps: 24 });
      expect(Math.abs(info.durationSeconds - 1), effect).toBeLessThanOrEqual(0.1);
      middles.set(effect, await signature(await extractFrame(video.data, 0.6)));
    }
  }, 120_000);

  it('gives every effect frames of its own', () => {
    const effects = [...middles.keys()];
    expect(effects).toHaveLength(20);
    for (const [i, a] of effects.entries()) {
      for (const b of effects.slice(i + 1)) {
        expect(difference(middles.get(a)!, middles.get(b)!), `${a} vs ${b}`).toBeGreaterThan(1.5);
      }
    }
  });

  it('moves: the first and the last frame of an effect differ', async () => {
    const video = await render(request('rotate_it'));
    const first = await signature(await extractFrame(video.data, 0));
    const later = await signature(await extractFrame(video.data, 0.3));
    expect(difference(first, later)).toBeGreaterThan(1);
  });

  it('renders 3 s at 560 px with the moov atom first (+faststart), reporting its phases', async () => {
    const phases: string[] = [];
    const video = await renderLocalVideo(request('squish_it', { videoLength: 3, resolution: 560 }), {
      signal: AbortSignal.timeout(60_000),
      onPhase: (phase, percent) => phases.push(percent === undefined ? phase : `${phase} ${percent}`),
    });
    const info = await probeVideo(video.data);
    expect(info).toMatchObject({ width: 560, height: 560 });
    expect(Math.abs(info.durationSeconds - 3)).toBeLessThanOrEqual(0.1);
    expect(video.data.indexOf('moov')).toBeGreaterThan(0);
    expect(video.data.indexOf('moov')).toBeLessThan(video.data.indexOf('mdat'));
    expect(phases[0]).toBe('generating 0');
    expect(phases).toContain('generating 100');
    expect(phases.at(-1)).toBe('finalizing');
  });

  it('follows a portrait reference: the short side is the resolution, both sides even', async () => {
    const portrait = await productPhoto(300, 500);
    const video = await render(request('inflate_it', { image: portrait, resolution: 480 as VideoResolution }));
    expect(await probeVideo(video.data)).toMatchObject({ width: 480, height: 800 });
    expect(frameSize(1000, 100, 360)).toEqual({ width: 640, height: 360 });
    expect(frameSize(333, 500, 560)).toEqual({ width: 560, height: 840 });
  });

  it('is deterministic for a seed, and the seed varies the particles', async () => {
    const one = await signature(await extractFrame((await render(request('princess_me'))).data, 0.5));
    const again = await signature(await extractFrame((await render(request('princess_me'))).data, 0.5));
    const other = await signature(await extractFrame((await render(request('princess_me', { seed: 43 }))).data, 0.5));
    expect(difference(one, again)).toBe(0);
    expect(difference(one, other)).toBeGreaterThan(0);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const rendering = renderLocalVideo(request('zap_me', { videoLength: 5, resolution: 640 }), {
      signal: controller.signal,
      onPhase: (phase, percent) => {
        if (phase === 'generating' && (percent ?? 0) >= 10) controller.abort(new Error('stopped by the test'));
      },
    });
    await expect(rendering).rejects.toThrow('stopped by the test');
  });

  it('fills every frame to its edges: no black bars for any effect at any aspect ratio, even on a black reference', async () => {
    const found: string[] = [];
    for (const [w, h] of RATIOS) {
      const image = await productOnBlack(w * 40, h * 40);
      for (const effect of videoEffects) {
        const frames = await drawVideoFrames(request(effect, { image }));
        expect([frames.width, frames.height]).toEqual(Object.values(frameSize(w, h, 360)));
        for (let i = 0; i < frames.count; i += 4) {
          const bars = blackBars(frames.frame(i), frames.width, frames.height);
          if (bars.length > 0) found.push(`${effect} ${w}:${h} frame ${i}: ${bars.join(', ')}`);
        }
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('keeps the edges of the frames in colour through the encoder', async () => {
    for (const [w, h] of [
      [16, 9],
      [9, 16],
    ] as const) {
      const video = await render(request('assassin_me', { image: await productOnBlack(w * 40, h * 40) }));
      const { width, height } = frameSize(w, h, 360);
      const frame = await sharp(await extractFrame(video.data, 0.5))
        .removeAlpha()
        .raw()
        .toBuffer();
      expect(blackBars(frame, width, height), `${w}:${h}`).toEqual([]);
    }
  });

  it('refuses bytes that are not an image', async () => {
    await expect(render(request('squish_it', { image: Buffer.from('not an image') }))).rejects.toThrow(
      'The reference image could not be read as an image.',
    );
  });
});
