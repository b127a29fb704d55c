/** What every effect recipe gets and returns, and small helpers they share. */
import type { Rng } from '../renderer/prng.ts';
import type { Canvas, ColourPass, Placement, Rgb, Sprite } from './canvas.ts';

export interface FrameContext {
  canvas: Canvas;
  sprite: Sprite;
  /** 0 at the first frame, 1 at the last. */
  t: number;
  /** Seconds since the start. */
  time: number;
  /** The product at rest: centred, fitted to the frame. */
  rest: Placement;
  width: number;
  height: number;
}

/** The backdrop behind the product: the reference blurred, then coloured for the effect's mood. */
export interface Backdrop {
  tint: Rgb;
  /** How much of the tint covers the blurred reference, 0–1. */
  tintAlpha: number;
  /** Multiplies the backdrop's brightness. */
  brightness: number;
}

export interface EffectRecipe<State = unknown> {
  backdrop: Backdrop;
  /** Decides, once per video, everything random (particles, timings) from the seeded generator. */
  setup: (rng: Rng, size: { width: number; height: number }) => State;
  draw: (frame: FrameContext, state: State) => void;
}

/** Builds a recipe with its state type checked. */
export const recipe = <State>(r: EffectRecipe<State>): EffectRecipe<State> => r;

export const rgb = (r: number, g: number, b: number): Rgb => ({ r, g, b });
export const white = rgb(255, 255, 255);

export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
export const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
export const easeOutBack = (t: number) => 1 + 2.70158 * (t - 1) ** 3 + 1.70158 * (t - 1) ** 2;
/** Where t sits between a and b, clamped to 0–1. */
export const phase = (t: number, a: number, b: number) => clamp01((t - a) / (b - a));

export const place = (rest: Placement, change: Partial<Placement>): Placement => ({ ...rest, ...change });

/** Mixes the sprite's colour with a tint. */
export const tintPass =
  (tint: Rgb, amount: number): ColourPass =>
  (r, g, b, out) => {
    out.r = r + (tint.r - r) * amount;
    out.g = g + (tint.g - g) * amount;
    out.b = b + (tint.b - b) * amount;
  };

export const brightnessPass =
  (factor: number): ColourPass =>
  (r, g, b, out) => {
    out.r = r * factor;
    out.g = g * factor;
    out.b = b * factor;
  };

/** Particles decided once: position, speed, size and a phase of their own. */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  phase: number;
}

export function particles(rng: Rng, count: number, size: { width: number; height: number }, speed: [number, number]): Particle[] {
  return Array.from({ length: count }, () => ({
    x: rng.range(0, size.width),
    y: rng.range(0, size.height),
    vx: rng.range(-speed[0], speed[0]),
    vy: rng.range(speed[1] * 0.5, speed[1]),
    size: rng.range(0.6, 1.4),
    phase: rng.next(),
  }));
}

/** A particle's position after `time` seconds, wrapping around the frame. */
const wrap = (v: number, max: number) => ((v % max) + max) % max;

export function drift(p: Particle, time: number, size: { width: number; height: number }): { x: number; y: number } {
  return { x: wrap(p.x + p.vx * time, size.width), y: wrap(p.y + p.vy * time, size.height) };
}

/** A four-pointed sparkle. */
export function sparkle(canvas: Canvas, x: number, y: number, radius: number, colour: Rgb, alpha: number): void {
  canvas.glow(x, y, radius * 1.6, colour, alpha * 0.5);
  canvas.line(x - radius, y, x + radius, y, Math.max(1, radius * 0.18), colour, alpha);
  canvas.line(x, y - radius, x, y + radius, Math.max(1, radius * 0.18), colour, alpha);
}
