/**
 * A trained model's look, derived only from what identifies it (finetune id and name) and its
 * type: the same model always draws the same way, two models draw the same prompt differently.
 */
import { darken, hsl, lighten, mix, shiftHue, toHsl, type Rgb } from './colour.ts';
import { duotone, filmLook, halftone, posterize, risograph, vhs } from './pixel-treatments.ts';
import type { LocalTrainedModel } from '../requests.ts';
import type { Palette } from './palette.ts';
import { createRng, hashString } from './prng.ts';
import { OBJECTS, type PromptCues } from './prompt-cues.ts';
import type { RawImage } from './raster.ts';
import type { Subject } from './text-scene.ts';

const TREATMENTS = ['duotone', 'posterize', 'film', 'halftone', 'riso', 'vhs'] as const;
export type Treatment = (typeof TREATMENTS)[number];

export interface TrainedStyle {
  treatment: Treatment;
  /** The model's signature colours. */
  primary: Rgb;
  secondary: Rgb;
  /** How strongly the treatment is applied, 0–1. */
  amount: number;
  subject: Subject;
  /** Mixed into the seed so a model's variations are its own. */
  salt: number;
}

export function deriveTrainedStyle(trained: LocalTrainedModel, cues: PromptCues): TrainedStyle {
  const key = hashString(`${trained.finetuneId}\u0000${trained.name}`);
  const rng = createRng('trained', key);
  const hue = key % 360;
  const primary = hsl(hue, rng.range(0.55, 0.8), rng.range(0.42, 0.55));
  const secondary = hsl(hue + rng.pick([35, 150, 180, 210]), rng.range(0.45, 0.75), rng.range(0.6, 0.75));
  const treatment = rng.pick(TREATMENTS);
  // Strength scales the look like finetune strength scales a real model (1.1 is the default).
  const strength = Math.max(0.6, Math.min(1.2, trained.finetuneStrength / 1.1));
  let amount = (trained.type === 'style' ? 1 : rng.range(0.7, 0.9)) * strength;
  if (treatment === 'vhs' || treatment === 'halftone') amount = Math.max(amount, 0.7);

  let subject: Subject;
  switch (trained.type) {
    case 'character':
      subject = { kind: 'figure', pattern: rng.pick(['plain', 'stripes', 'dots'] as const) };
      break;
    case 'product':
      subject = { kind: 'product', product: cues.object ?? rng.pick(OBJECTS), label: cues.label };
      break;
    default:
      subject = { kind: 'auto' };
  }
  return { treatment, primary, secondary, amount: Math.min(1, amount), subject, salt: key };
}

/** Pulls the scene's colours towards the model's signature, so its pictures share a palette. */
export function signaturePalette(palette: Palette, style: TrainedStyle, type: LocalTrainedModel['type']): Palette {
  const pull = type === 'style' ? 0.6 : 0.45;
  const towards = (c: Rgb, target: Rgb) => mix(c, target, pull);
  const hueOf = toHsl(style.primary).h;
  return {
    ...palette,
    skyTop: towards(palette.skyTop, darken(style.primary, 0.2)),
    skyBottom: towards(palette.skyBottom, lighten(style.secondary, 0.3)),
    groundFar: towards(palette.groundFar, style.secondary),
    groundNear: towards(palette.groundNear, darken(style.secondary, 0.3)),
    accent: style.secondary,
    accent2: shiftHue(style.primary, 40),
    product: type === 'product' || type === 'character' ? hsl(hueOf + 180, 0.6, 0.5) : palette.product,
  };
}

export function applyTreatment(image: RawImage, style: TrainedStyle, seed: number): void {
  const { amount, primary, secondary } = style;
  switch (style.treatment) {
    case 'duotone':
      duotone(image, darken(primary, 0.75), lighten(secondary, 0.55), amount);
      break;
    case 'posterize':
      posterize(image, darken(primary, 0.7), primary, lighten(secondary, 0.7), 5, amount);
      break;
    case 'film':
      filmLook(image, seed ^ style.salt, darken(primary, 0.5), lighten(secondary, 0.4), amount);
      break;
    case 'halftone':
      halftone(image, Math.max(5, Math.round(image.width / 120)), lighten(secondary, 0.85), amount);
      break;
    case 'riso':
      risograph(image, darken(primary, 0.25), lighten(secondary, 0.1), { r: 246, g: 240, b: 228 }, seed ^ style.salt, amount);
      break;
    case 'vhs':
      vhs(image, secondary, amount);
      break;
  }
}
