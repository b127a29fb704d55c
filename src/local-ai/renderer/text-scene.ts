/** Text mode: a prompt becomes a composed scene (as SVG), deterministic for a prompt, seed and size. */
import { fromHex } from './colour.ts';
import { buildPalette, type Palette } from './palette.ts';
import { normalisePrompt, type ObjectName, parsePromptCues, type PlaceName, type PromptCues } from './prompt-cues.ts';
import type { Garment } from './svg/figure.ts';
import { buildFrame, landscapeGlow, figureOnStage, finishFrame, productOnStage } from './svg/scene.ts';

export interface SceneRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
}

export type Subject =
  | { kind: 'auto' }
  | { kind: 'product'; product: ObjectName; label?: string | null }
  | { kind: 'figure'; pattern: 'plain' | 'stripes' | 'dots'; garment?: Garment }
  | { kind: 'none' };

export interface SceneOptions {
  cues?: PromptCues;
  palette?: Palette;
  subject?: Subject;
}

/** The picture, and what it shows (for tests that check a prompt is drawn as asked). */
export interface Scene {
  svg: string;
  subject: Subject;
  place: PlaceName;
}

/** What the prompt asks to show: its product (worn, when a model wears a garment), a landscape, or the unlabelled neutral form. */
function subjectFor(cues: PromptCues, prompt: string): Subject {
  if (cues.worn && (cues.object === 'dress' || cues.object === 'shirt')) {
    const words = normalisePrompt(prompt);
    const pattern = /\bstripe/.test(words) ? 'stripes' : /\b(dots|dotted|polka)\b/.test(words) ? 'dots' : 'plain';
    return { kind: 'figure', pattern, garment: cues.object === 'dress' ? 'dress' : 'top' };
  }
  if (cues.object) return { kind: 'product', product: cues.object, label: cues.label };
  if (cues.place && !['studio', 'kitchen', 'bathroom', 'room'].includes(cues.place) && !cues.podium) return { kind: 'none' };
  return { kind: 'product', product: 'box' };
}

export function composeTextScene(request: SceneRequest, options: SceneOptions = {}): Scene {
  const cues = options.cues ?? parsePromptCues(request.prompt);
  const palette = options.palette ?? buildPalette(cues, request.seed);
  const chosen = options.subject ?? { kind: 'auto' };
  const subject = chosen.kind === 'auto' ? subjectFor(cues, request.prompt) : chosen;
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
      markup = productOnStage(frame, subject.product, subject.label ?? null);
      break;
    case 'figure':
      markup = figureOnStage(frame, {
        garment: subject.garment ?? 'dress',
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
  return { svg: finishFrame(frame, markup), subject, place: frame.place };
}
