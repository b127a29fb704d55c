/** Text mode: a prompt becomes a composed scene (as SVG), deterministic for a prompt, seed and size. */
import { fromHex } from './colour.ts';
import { buildPalette, type Palette } from './palette.ts';
import { parsePromptCues, type PlaceName, type PromptCues } from './prompt-cues.ts';
import { buildFrame, landscapeGlow, figureOnStage, finishFrame, productOnStage } from './svg/scene.ts';
import { ABSTRACT_SHAPES, type ProductKind } from './svg/products.ts';
import { createRng } from './prng.ts';

const INDOOR = new Set<PlaceName>(['studio', 'kitchen', 'bathroom', 'room']);

export interface SceneRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
}

export type Subject =
  | { kind: 'auto' }
  | { kind: 'product'; product: ProductKind }
  | { kind: 'figure'; pattern: 'plain' | 'stripes' | 'dots' }
  | { kind: 'none' };

export interface SceneOptions {
  cues?: PromptCues;
  palette?: Palette;
  subject?: Subject;
}

export function composeTextScene(request: SceneRequest, options: SceneOptions = {}): string {
  const cues = options.cues ?? parsePromptCues(request.prompt);
  const palette = options.palette ?? buildPalette(cues, request.seed);
  let subject = options.subject ?? { kind: 'auto' };
  if (subject.kind === 'auto') {
    if (cues.object) subject = { kind: 'product', product: cues.object };
    // An outdoor place without a product is a landscape; otherwise an abstract stand-in product.
    else if (cues.place && !INDOOR.has(cues.place) && !cues.podium) subject = { kind: 'none' };
    else subject = { kind: 'product', product: createRng('abstract', cues.hash).pick(ABSTRACT_SHAPES) };
  }
  const frame = buildFrame({
    width: request.width,
    height: request.height,
    cues,
    palette,
    seed: request.seed,
    centred: subject.kind === 'figure',
    landscape: subject.kind === 'none',
  });
  let markup: string;
  switch (subject.kind) {
    case 'product':
      markup = productOnStage(frame, subject.product);
      break;
    case 'figure':
      markup = figureOnStage(frame, {
        garment: 'dress',
        garmentColour: palette.product,
        outfit: null,
        pattern: subject.pattern,
        skin: fromHex('#c68a62'),
        hair: fromHex('#2a1d17'),
        lower: palette.metal,
      });
      break;
    default:
      markup = landscapeGlow(frame);
  }
  return finishFrame(frame, markup);
}
