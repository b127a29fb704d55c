/**
 * The built-in image renderer used when no AI service is configured ("local preview"). It draws
 * from the prompt rather than returning a stock picture: composed scenes for text, real
 * compositing for the product editor and try-on, and a per-model look for trained models. Output
 * is deterministic for the same request and always exactly the requested size.
 */
import { generationMessages } from '#contracts/generation.ts';
import { LocalAiError } from '../errors.ts';
import type { LocalImage, LocalImageContext, LocalImageRequest, ProductBox } from '../requests.ts';
import { applyTreatment, deriveTrainedStyle, signaturePalette } from './trained-style.ts';
import { buildPalette, withBrandColours } from './palette.ts';
import { composeProductShot, type Steps } from './product-composite.ts';
import { parsePromptCues } from './prompt-cues.ts';
import { encodeOutput, type EncodedImage, renderSvg } from './raster.ts';
import { composeTextScene } from './text-scene.ts';
import { composeTryOn } from './tryon.ts';

const MIN_SIDE = 16;
const MAX_SIDE = 4096;

function fail(message: string): never {
  throw new LocalAiError(message);
}

function checkSize(request: LocalImageRequest): void {
  for (const side of [request.width, request.height]) {
    if (!Number.isInteger(side) || side < MIN_SIDE || side > MAX_SIDE) fail(generationMessages.sizeUnsupported);
  }
}

/** Seeds are below 1,000,000 (docs/product-rules.md#generation); anything else is folded into that range. */
function normaliseSeed(seed: number): number {
  return Number.isFinite(seed) ? Math.abs(Math.trunc(seed)) % 1_000_000 : 0;
}

/** Strips the trigger word: a trained model draws in its style whether or not the prompt names it. */
function withoutTrigger(prompt: string, trigger: string | null): string {
  if (!trigger?.trim()) return prompt;
  const escaped = trigger.trim().replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);
  return prompt.replaceAll(new RegExp(`\\b${escaped}\\b`, 'gi'), ' ');
}

async function renderText(request: LocalImageRequest, seed: number, steps: Steps): Promise<EncodedImage> {
  const scene = { prompt: request.prompt, seed, width: request.width, height: request.height };
  let options: Parameters<typeof composeTextScene>[1] = {};
  if (request.palette?.length) {
    const cues = parsePromptCues(request.prompt);
    options = { cues, palette: withBrandColours(buildPalette(cues, seed), request.palette) };
  }
  const { svg } = composeTextScene(scene, options);
  steps.progress(20);
  steps.checkpoint();
  const raw = await renderSvg(svg);
  steps.progress(60);
  steps.checkpoint();
  const png = await encodeOutput(raw);
  steps.progress(90);
  return png;
}

async function renderTrained(request: LocalImageRequest, seed: number, steps: Steps): Promise<EncodedImage> {
  const trained = request.trained ?? fail(generationMessages.trainedSettingsMissing);
  const prompt = withoutTrigger(request.prompt, trained.triggerWord);
  const cues = parsePromptCues(prompt);
  const style = deriveTrainedStyle(trained, cues);
  const palette = withBrandColours(signaturePalette(buildPalette(cues, seed), style, trained.type), request.palette);
  const { svg } = composeTextScene(
    { prompt, seed: (seed ^ style.salt) % 1_000_000, width: request.width, height: request.height },
    { cues, palette, subject: style.subject },
  );
  steps.progress(20);
  steps.checkpoint();
  const raw = await renderSvg(svg);
  steps.checkpoint();
  applyTreatment(raw, style, seed);
  steps.progress(60);
  steps.checkpoint();
  const png = await encodeOutput(raw);
  steps.progress(90);
  return png;
}

export async function renderImage(request: LocalImageRequest, context: LocalImageContext): Promise<LocalImage> {
  context.signal.throwIfAborted();
  checkSize(request);
  const seed = normaliseSeed(request.seed);
  const steps: Steps = {
    progress: (percent) => context.onProgress?.(percent),
    checkpoint: () => context.signal.throwIfAborted(),
  };
  const base = { prompt: request.prompt, seed, width: request.width, height: request.height };
  let data: EncodedImage & { productBox?: ProductBox };
  if (request.mode === 'trained' || request.trained) {
    data = await renderTrained(request, seed, steps);
  } else if (request.mode === 'product') {
    const productImage = request.productImage ?? fail(generationMessages.productImageRequired);
    data = await composeProductShot(
      { ...base, productImage, backgroundImage: request.backgroundImage, ...(request.palette ? { palette: request.palette } : {}) },
      steps,
    );
  } else if (request.mode === 'tryon') {
    const outfitImage = request.outfitImage ?? fail(generationMessages.outfitImageRequired);
    data = await composeTryOn({ ...base, outfitImage }, steps);
  } else {
    data = await renderText(request, seed, steps);
  }
  context.signal.throwIfAborted();
  steps.progress(100);
  return { png: data.png, thumbnail: data.thumbnail, seed, ...(data.productBox ? { productBox: data.productBox } : {}) };
}
