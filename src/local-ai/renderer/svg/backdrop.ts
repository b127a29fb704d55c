/** What every backdrop gets and returns, and the pieces they share (sky, ground, ridges). */
import { hex, type Rgb } from '../colour.ts';
import type { Palette } from '../palette.ts';
import type { Rng } from '../prng.ts';
import type { PromptCues } from '../prompt-cues.ts';
import type { DecorContext } from './decor.ts';
import { linear, n, smoothRidge } from './svg-kit.ts';

export interface BackdropContext extends DecorContext {
  width: number;
  height: number;
  palette: Palette;
  cues: PromptCues;
  /** y of the horizon (or where wall meets floor). */
  horizon: number;
  lightFromLeft: boolean;
  /** x of the subject: decorations keep clear of it. */
  focusX: number;
  /** Choices that follow the prompt, not the seed (which layout, which tree shape). */
  layout: Rng;
}

export interface Backdrop {
  /** Drawn behind the subject. */
  back: string;
  /** Drawn over the subject (foreground leaves, falling snow). */
  front: string;
}

/** How many decorations: `base` scaled by how busy the palette is. */
export const count = (ctx: BackdropContext, base: number) => Math.round(base * ctx.palette.decor);

export function sky(ctx: BackdropContext, top: Rgb = ctx.palette.skyTop, bottom: Rgb = ctx.palette.skyBottom): string {
  const fill = linear(ctx.defs, [hex(top), hex(bottom)], { y1: 0, y2: ctx.horizon, user: true });
  return `<rect width="${ctx.width}" height="${n(ctx.horizon + 2)}" fill="${fill}"/>`;
}

export function ground(
  ctx: BackdropContext,
  far: Rgb = ctx.palette.groundFar,
  near: Rgb = ctx.palette.groundNear,
  from = ctx.horizon,
): string {
  const fill = linear(ctx.defs, [hex(far), hex(near)], { y1: from, y2: ctx.height, user: true });
  return `<rect y="${n(from)}" width="${ctx.width}" height="${n(ctx.height - from)}" fill="${fill}"/>`;
}

/** Rolling hills or dunes: a smooth ridge at about `base`, `amplitude` high. */
export function ridge(ctx: BackdropContext, base: number, amplitude: number, fill: string, jagged = false): string {
  const steps = jagged ? 9 : 6;
  const points: Array<readonly [number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    const x = (ctx.width * i) / steps + (i > 0 && i < steps ? ctx.rng.range(-0.3, 0.3) * (ctx.width / steps) : 0);
    const lift = jagged ? (i % 2 === 0 ? ctx.rng.range(0.55, 1) : ctx.rng.range(0, 0.35)) : ctx.rng.range(0.2, 1);
    points.push([x, base - amplitude * lift]);
  }
  if (jagged) {
    const d = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
    return `<path d="M0 ${n(ctx.height)}${d.replace('M', 'L')}L${ctx.width} ${n(ctx.height)}Z" fill="${fill}"/>`;
  }
  return `<path d="${smoothRidge(points, ctx.height)}" fill="${fill}"/>`;
}

/** x positions spread over the width, avoiding a band around the subject. */
export function sideX(ctx: BackdropContext, clearance: number): number {
  for (let i = 0; i < 6; i++) {
    const x = ctx.rng.next() * ctx.width;
    if (Math.abs(x - ctx.focusX) > clearance) return x;
  }
  return ctx.focusX < ctx.width / 2 ? ctx.width * 0.9 : ctx.width * 0.1;
}
