/**
 * The local video renderer: animates the reference image with one of the twenty effects into an
 * H.264 MP4 (yuv420p, +faststart, 24 fps) without any service. The product is cut out of its
 * background (renderer/cutout.ts), the backdrop is the picture itself blurred and coloured for
 * the effect, and every frame is drawn in Node (canvas.ts) and piped to the npm ffmpeg binary.
 * Deterministic for the same request.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { generationMessages } from '../../../../../contracts/generation.ts';
import { LOCAL_VIDEO_FPS } from '../../../../../contracts/video-effects.ts';
import { runFfmpeg } from '../../../../lib/ffmpeg.ts';
import { ProviderError } from '../../provider-error.ts';
import type { VideoCallContext, VideoProvider, VideoRequest, VideoResult } from '../../video-provider.ts';
import { cutOut } from '../renderer/cutout.ts';
import { createRng } from '../renderer/prng.ts';
import { decodeInput, liftShadows } from '../renderer/raster.ts';
import { Canvas, type Placement, type Sprite } from './canvas.ts';
import type { Backdrop } from './effect-kit.ts';
import { effectRecipes } from './effects.ts';
import { frameSize } from './frame-size.ts';

/** How much of the frame's short side the product takes at rest. */
const PRODUCT_SHARE = 0.58;

async function backdropFrame(image: Buffer, width: number, height: number, look: Backdrop): Promise<Buffer> {
  const { r, g, b } = look.tint;
  const blurred = await sharp(image)
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .blur(Math.max(8, Math.round(Math.min(width, height) / 24)))
    .modulate({ brightness: look.brightness })
    .removeAlpha()
    .raw()
    .toBuffer();
  for (let i = 0; i < blurred.length; i += 3) {
    blurred[i] = blurred[i]! + (r - blurred[i]!) * look.tintAlpha;
    blurred[i + 1] = blurred[i + 1]! + (g - blurred[i + 1]!) * look.tintAlpha;
    blurred[i + 2] = blurred[i + 2]! + (b - blurred[i + 2]!) * look.tintAlpha;
  }
  return blurred;
}

async function productSprite(image: Buffer, width: number, height: number): Promise<Sprite> {
  const decoded = await decodeInput(image, 1024, 'reference image');
  const cut = cutOut(decoded).image;
  const box = Math.min(width, height) * PRODUCT_SHARE;
  const { data, info } = await sharp(cut.data, { raw: { width: cut.width, height: cut.height, channels: 4 } })
    .resize(Math.round(box), Math.round(box), { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Writes to ffmpeg's stdin, waiting when its buffer is full. */
function write(stdin: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stdin.write(chunk, (err) => (err ? reject(err) : undefined));
    if (ok) resolve();
    else stdin.once('drain', () => resolve());
  });
}

/** A video's size, frame count and `frame(i)`, which draws frame i into one shared buffer (valid until the next call). */
export async function drawVideoFrames(request: VideoRequest) {
  const meta = await sharp(request.image)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height)
    throw new ProviderError({ provider: 'local', message: generationMessages.unreadableImage('reference image') });
  const { width, height } = frameSize(meta.width, meta.height, request.resolution);
  const recipe = effectRecipes[request.effect];
  const [background, sprite] = await Promise.all([
    backdropFrame(request.image, width, height, recipe.backdrop),
    productSprite(request.image, width, height),
  ]);
  const state: unknown = recipe.setup(createRng('klipt-video', request.effect, request.seed), { width, height });
  const count = Math.round(request.videoLength * LOCAL_VIDEO_FPS);
  const rest: Placement = { x: width / 2, y: height * 0.52, scaleX: 1, scaleY: 1 };
  const canvas = new Canvas(width, height);
  return {
    width,
    height,
    count,
    frame(i: number): Buffer {
      canvas.fill(background);
      recipe.draw({ canvas, sprite, t: count > 1 ? i / (count - 1) : 1, time: i / LOCAL_VIDEO_FPS, rest, width, height }, state);
      return liftShadows(canvas.data, 3);
    },
  };
}

export async function renderLocalVideo(request: VideoRequest, context: VideoCallContext): Promise<VideoResult> {
  const frames = await drawVideoFrames(request);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-video-'));
  const out = path.join(dir, 'video.mp4');
  try {
    context.onPhase?.('generating', 0);
    let reported = 0;
    await runFfmpeg(
      // Raw RGB frames in; H.264 High, yuv420p (every browser plays it), moov atom first out.
      // prettier-ignore
      [
        '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${frames.width}x${frames.height}`, '-r', String(LOCAL_VIDEO_FPS), '-i', 'pipe:0',
        '-frames:v', String(frames.count), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-profile:v', 'high',
        '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-v', 'error', '-y', out,
      ],
      {
        signal: context.signal,
        input: async (stdin) => {
          for (let i = 0; i < frames.count; i++) {
            context.signal.throwIfAborted();
            await write(stdin, frames.frame(i));
            const percent = Math.floor(((i + 1) / frames.count) * 100);
            if (percent - reported >= 10 || i === frames.count - 1) {
              reported = percent;
              context.onPhase?.('generating', percent);
            }
          }
          context.onPhase?.('finalizing');
        },
      },
    );
    const data = await readFile(out);
    return { data, mimeType: 'video/mp4', attributes: { fps: String(LOCAL_VIDEO_FPS), renderer: 'local' } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function createLocalVideoProvider(): VideoProvider {
  return { name: 'local', generate: renderLocalVideo };
}
