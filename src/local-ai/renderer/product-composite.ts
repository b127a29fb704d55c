/**
 * Product mode: the uploaded product, cut out from its background, stands on the seller's
 * background picture (softly blurred, as if shot with shallow depth of field) or on a studio set
 * tinted by the prompt, with a contact shadow and, in the studio, a faint floor reflection.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { generationMessages } from '#contracts/generation.ts';
import { LocalAiError } from '../errors.ts';
import { mix } from './colour.ts';
import { cutOut } from './cutout.ts';
import { MAX_INPUT_PIXELS } from './image-limits.ts';
import { buildPalette, withBrandColours } from './palette.ts';
import { parsePromptCues } from './prompt-cues.ts';
import type { ProductBox } from '../requests.ts';
import { decodeInput, encodeOutput, type EncodedImage, liftShadows, type RawImage, renderSvg } from './raster.ts';
import { softShadow } from './svg/podium.ts';
import { props } from './svg/decor.ts';
import { buildFrame, finishFrame, stageFor } from './svg/scene.ts';
import { createDefs, svgDocument } from './svg/svg-kit.ts';

export interface ProductShotRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  productImage: Buffer;
  backgroundImage?: Buffer | undefined;
  /** A brand's colours (hex) for the generated studio around the product. */
  palette?: readonly string[];
}

export interface Steps {
  progress(percent: number): void;
  checkpoint(): void;
}

async function backgroundFromPicture(data: Buffer, width: number, height: number): Promise<RawImage> {
  try {
    const { data: pixels, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .blur(Math.max(0.8, (2.4 * Math.min(width, height)) / 1024))
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: pixels, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
  } catch (error) {
    throw new LocalAiError(generationMessages.unreadableImage('background image'), { cause: error });
  }
}

/** The product upside down, fading out quickly: a glossy studio floor. */
function reflectionOf(product: RawImage, rows: number): RawImage {
  const { width } = product;
  const out = Buffer.alloc(width * rows * 4);
  for (let y = 0; y < rows; y++) {
    const source = product.height - 1 - y;
    const fade = 0.2 * (1 - y / rows) ** 2;
    for (let x = 0; x < width; x++) {
      const i = (source * width + x) * 4;
      const o = (y * width + x) * 4;
      out[o] = product.data[i] ?? 0;
      out[o + 1] = product.data[i + 1] ?? 0;
      out[o + 2] = product.data[i + 2] ?? 0;
      out[o + 3] = Math.round((product.data[i + 3] ?? 0) * fade);
    }
  }
  return { data: out, width, height: rows, channels: 4 };
}

export async function composeProductShot(request: ProductShotRequest, steps: Steps): Promise<EncodedImage & { productBox: ProductBox }> {
  const { width, height } = request;
  const cues = parsePromptCues(request.prompt);
  const decoded = await decodeInput(request.productImage, 1200, 'product image');
  const cut = cutOut(decoded);
  steps.progress(20);
  steps.checkpoint();

  // On a scene drawn from the prompt the product leaves room for it; on the seller's picture it fills more.
  const studio = !request.backgroundImage;
  const maxH = height * (cut.isolated ? 0.64 : 0.56) * (studio ? 0.82 : 1) - (studio && cues.podium ? height * 0.12 : 0);
  const maxW = width * (cut.isolated ? 0.74 : 0.68) * (studio ? 0.75 : 1);
  const scale = Math.min(maxH / cut.image.height, maxW / cut.image.width);
  const pw = Math.max(1, Math.round(cut.image.width * scale));
  const ph = Math.max(1, Math.round(cut.image.height * scale));
  const product = await sharp(cut.image.data, { raw: { ...cut.image, channels: 4 } })
    .resize(pw, ph, { fit: 'fill' })
    .raw()
    .toBuffer();

  let background: RawImage;
  let floorY = height * 0.87;
  if (request.backgroundImage) {
    background = await backgroundFromPicture(request.backgroundImage, width, height);
  } else {
    const palette = withBrandColours(buildPalette(cues, request.seed), request.palette);
    // The upload is the star: quieter decoration and accents than in a generated scene.
    palette.decor = Math.min(palette.decor, 0.6);
    palette.accent = mix(palette.accent, palette.skyBottom, 0.45);
    palette.accent2 = mix(palette.accent2, palette.skyBottom, 0.45);
    const frame = buildFrame({
      width,
      height,
      cues,
      palette,
      seed: request.seed,
      centred: true,
      studioLayouts: ['arch', 'disc', 'gobo', 'split'],
    });
    // The prompt's scene around the upload: its podium if it asks for one, its props beside it.
    const stage = stageFor(frame, width / 2, pw, cues.podium);
    floorY = stage.standY;
    const box = { x: width / 2 - pw / 2, y: floorY - ph, width: pw, height: ph };
    background = await renderSvg(finishFrame(frame, stage.markup + props(frame.ctx, cues.props, width / 2, frame.floorY, stage.span, box)));
  }
  liftShadows(background.data, background.channels); // the product laid on it keeps its own pixels
  steps.checkpoint();

  const left = Math.round(width / 2 - pw / 2);
  const top = Math.round(Math.max(height * 0.04, floorY - ph));
  const bottom = top + ph;

  const defs = createDefs();
  const cx = width / 2;
  const shadows =
    softShadow(defs, cx, bottom, pw * 0.85, Math.max(8, ph * 0.09), 0.16) +
    softShadow(defs, cx, bottom - ph * 0.005, pw * 0.52, Math.max(5, ph * 0.035), 0.35) +
    softShadow(defs, cx, bottom - 1, pw * 0.36, Math.max(3, ph * 0.014), 0.35);
  const layers: OverlayOptions[] = [{ input: Buffer.from(svgDocument(width, height, defs, shadows)), left: 0, top: 0 }];
  const reflectionRows = Math.min(Math.round(ph * 0.3), height - bottom);
  if (studio && !cues.podium && cut.isolated && reflectionRows > 4) {
    const reflection = reflectionOf({ data: product, width: pw, height: ph, channels: 4 }, reflectionRows);
    layers.push({ input: reflection.data, raw: { width: pw, height: reflectionRows, channels: 4 }, left, top: bottom });
  }
  layers.push({ input: product, raw: { width: pw, height: ph, channels: 4 }, left, top });
  steps.progress(60);
  steps.checkpoint();

  const { data: composed, info } = await sharp(background.data, {
    raw: { width: background.width, height: background.height, channels: background.channels },
  })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const png = await encodeOutput({ data: composed, width: info.width, height: info.height, channels: 3 }, { shadowsLifted: true });
  steps.progress(90);
  // The cut-out's own frame, not its shadow or reflection: what an ad must not cover.
  return { ...png, productBox: { x: left / width, y: top / height, width: pw / width, height: ph / height } };
}
