/**
 * Try-on mode: the outfit picture, cut out from its background, is fitted into the garment of a
 * stylised model standing in a garden (the spec's default location) or the place the prompt names,
 * and shaded so it reads as worn.
 */
import sharp from 'sharp';
import { fromHex, luminance } from './colour.ts';
import { cutOut } from './cutout.ts';
import { buildPalette } from './palette.ts';
import { normalisePrompt, parsePromptCues } from './prompt-cues.ts';
import { decodeInput, encodeOutput, type EncodedImage, renderSvg } from './raster.ts';
import type { Steps } from './product-composite.ts';
import { type Garment, garmentPixelBox } from './svg/figure.ts';
import { buildFrame, figureOnStage, figurePlacement, finishFrame } from './svg/scene.ts';

export interface TryOnRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  outfitImage: Buffer;
}

const TOP_WORDS = /\b(shirt|t-shirt|tshirt|tee|top|blouse|hoodie|sweater|jumper|jacket|blazer|cardigan|crop)s?\b/;
const DRESS_WORDS = /\b(dress|gown|frock|sundress|saree|sari|kurta|robe)e?s?\b/;

/** The prompt decides when it says; otherwise a wide garment photo is a top, a tall one a dress. */
function garmentFor(prompt: string, aspect: number): Garment {
  const text = normalisePrompt(prompt);
  if (DRESS_WORDS.test(text)) return 'dress';
  if (TOP_WORDS.test(text)) return 'top';
  return aspect >= 0.9 ? 'top' : 'dress';
}

export async function composeTryOn(request: TryOnRequest, steps: Steps): Promise<EncodedImage> {
  const { width, height } = request;
  const parsed = parsePromptCues(request.prompt);
  const cues = { ...parsed, place: parsed.place ?? 'garden' };
  const cut = cutOut(await decodeInput(request.outfitImage, 1024, 'outfit image'));
  const garment = garmentFor(request.prompt, cut.image.width / cut.image.height);
  steps.progress(20);
  steps.checkpoint();

  const palette = buildPalette(cues, request.seed);
  palette.decor = Math.min(palette.decor, 0.8);
  const frame = buildFrame({ width, height, cues, palette, seed: request.seed, centred: true });
  const box = garmentPixelBox({ garment, height: figurePlacement(frame).height });
  // Gaps in the cut-out garment take its average colour rather than showing skin through.
  const outfit = await sharp(cut.image.data, { raw: { width: cut.image.width, height: cut.image.height, channels: 4 } })
    .flatten({ background: cut.average })
    .resize(Math.max(8, box.width), Math.max(8, box.height), { fit: 'cover', position: 'centre' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const figure = figureOnStage(frame, {
    garment,
    garmentColour: cut.average,
    outfit: { href: `data:image/png;base64,${outfit.toString('base64')}` },
    pattern: 'plain',
    skin: fromHex('#c68a62'),
    hair: fromHex('#2a1d17'),
    lower: luminance(cut.average) > 0.55 ? fromHex('#2e2b30') : fromHex('#efe4d4'),
  });
  steps.checkpoint();
  const raw = await renderSvg(finishFrame(frame, figure));
  steps.progress(60);
  steps.checkpoint();
  const png = await encodeOutput(raw);
  steps.progress(90);
  return png;
}
