/**
 * The local video renderer: animates the reference image with one of the twenty effects, frame by
 * frame, without any service. The product is cut out of its background (renderer/cutout.ts), the
 * backdrop is the picture itself blurred and coloured for the effect, and every frame is drawn in
 * Node (canvas.ts) as raw RGB at 24 fps; the server's adapter pipes them to ffmpeg
 * (src/server/providers/ai/local-video-provider.ts). Deterministic for the same request.
 */
import sharp from 'sharp';
import { generationMessages } from '#contracts/generation.ts';
import { LOCAL_VIDEO_FPS } from '#contracts/video-effects.ts';
import { LocalAiError } from '../errors.ts';
import type { LocalVideoRequest } from '../requests.ts';
import { cutOut } from '../renderer/cutout.ts';
import { createRng } from '../renderer/prng.ts';
import { decodeInput, liftShadows } from '../renderer/raster.ts';
import { Canvas, type Placement, type Sprite } from './canvas.ts';
import type { Backdrop } from './effect-kit.ts';
import { effectRecipes } from './effect-recipes.ts';
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

/** A video's size, frame count and `frame(i)`, which draws frame i into one shared buffer (valid until the next call). */
export async function drawVideoFrames(request: LocalVideoRequest) {
  const meta = await sharp(request.image)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new LocalAiError(generationMessages.unreadableImage('reference image'));
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
