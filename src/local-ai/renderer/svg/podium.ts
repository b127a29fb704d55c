/** Display podiums (cylinders and plinths) with their material, and soft shadows on surfaces. */
import { darken, hex, lighten, mix, type Rgb } from '../colour.ts';
import type { MaterialName } from '../prompt-cues.ts';
import type { Rng } from '../prng.ts';
import { linear, n, radial, type SvgDefs } from './svg-kit.ts';

export type PodiumShape = 'cylinder' | 'tiers' | 'plinth' | 'slab';

export interface PodiumSpec {
  defs: SvgDefs;
  rng: Rng;
  shape: PodiumShape;
  colour: Rgb;
  light: Rgb;
  material: MaterialName | null;
  lightFromLeft: boolean;
  cx: number;
  /** y of the floor where the podium stands. */
  base: number;
  /** Half-width of the top face. */
  rx: number;
  height: number;
}

/** A blurred-looking ellipse of shadow: a radial gradient, much cheaper than a blur filter. */
export function softShadow(defs: SvgDefs, cx: number, cy: number, rx: number, ry: number, opacity: number, colour = '#000000'): string {
  const fill = radial(defs, [
    [0, colour, opacity],
    [0.5, colour, opacity * 0.6],
    [1, colour, 0],
  ]);
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}

function sideFill(spec: PodiumSpec, colour: Rgb): string {
  const near = spec.lightFromLeft ? 0 : 1;
  return linear(
    spec.defs,
    [
      [0, hex(darken(colour, near === 0 ? 0.05 : 0.3))],
      [0.3, hex(lighten(mix(colour, spec.light, 0.2), near === 0 ? 0.18 : 0.02))],
      [0.7, hex(colour)],
      [1, hex(darken(colour, near === 0 ? 0.3 : 0.05))],
    ],
    { x2: 1, y2: 0 },
  );
}

/** Marble veins or wood grain over a side face, kept inside it by a clip path. */
function texture(spec: PodiumSpec, clipId: string, x: number, y: number, w: number, h: number): string {
  const { rng } = spec;
  if (spec.material === 'marble') {
    let d = '';
    for (let i = 0; i < 5; i++) {
      let px = x + rng.next() * w;
      let py = y + rng.range(-0.1, 0.5) * h;
      d += `M${n(px)} ${n(py)}`;
      for (let k = 0; k < 4; k++) {
        const nx = px + rng.range(-0.08, 0.2) * w;
        const ny = py + rng.range(0.12, 0.3) * h;
        d += `Q${n(px + rng.range(-0.1, 0.1) * w)} ${n((py + ny) / 2)} ${n(nx)} ${n(ny)}`;
        px = nx;
        py = ny;
      }
    }
    return `<path d="${d}" clip-path="url(#${clipId})" fill="none" stroke="#8a8784" stroke-opacity="0.35" stroke-width="${n(w * 0.004 + 0.6)}"/>`;
  }
  if (spec.material === 'wood') {
    let d = '';
    const lines = 9;
    for (let i = 0; i < lines; i++) {
      const ly = y + (h * (i + rng.range(0.2, 0.8))) / lines;
      d += `M${n(x)} ${n(ly)}C${n(x + w * 0.3)} ${n(ly + rng.range(-3, 3))} ${n(x + w * 0.6)} ${n(ly + rng.range(-3, 3))} ${n(x + w)} ${n(ly)}`;
    }
    return `<path d="${d}" clip-path="url(#${clipId})" fill="none" stroke="${hex(darken(spec.colour, 0.35))}" stroke-opacity="0.35" stroke-width="1.4"/>`;
  }
  return '';
}

function cylinder(spec: PodiumSpec, cx: number, base: number, rx: number, height: number, colour: Rgb): string {
  const ry = rx * 0.2;
  const top = base - height;
  const clipId = spec.defs.id('c');
  const side = `M${n(cx - rx)} ${n(top)}L${n(cx - rx)} ${n(base)}A${n(rx)} ${n(ry)} 0 0 0 ${n(cx + rx)} ${n(base)}L${n(cx + rx)} ${n(top)}Z`;
  spec.defs.add(`<clipPath id="${clipId}"><path d="${side}"/></clipPath>`);
  const topFill = radial(spec.defs, [hex(lighten(mix(colour, spec.light, 0.3), 0.3)), hex(lighten(colour, 0.08))]);
  return [
    `<path d="${side}" fill="${sideFill(spec, colour)}"/>`,
    texture(spec, clipId, cx - rx, top, rx * 2, height + ry),
    `<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(rx)}" ry="${n(ry)}" fill="${topFill}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(rx)}" ry="${n(ry)}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.2"/>`,
  ].join('');
}

function plinth(spec: PodiumSpec, cx: number, base: number, rx: number, height: number, colour: Rgb): string {
  const depth = rx * 0.28;
  const top = base - height;
  const clipId = spec.defs.id('c');
  spec.defs.add(`<clipPath id="${clipId}"><rect x="${n(cx - rx)}" y="${n(top)}" width="${n(rx * 2)}" height="${n(height)}"/></clipPath>`);
  const topFace = `M${n(cx - rx)} ${n(top)}L${n(cx + rx)} ${n(top)}L${n(cx + rx * 0.86)} ${n(top - depth)}L${n(cx - rx * 0.86)} ${n(top - depth)}Z`;
  return [
    `<rect x="${n(cx - rx)}" y="${n(top)}" width="${n(rx * 2)}" height="${n(height)}" fill="${linear(spec.defs, [hex(lighten(colour, 0.05)), hex(darken(colour, 0.12))])}"/>`,
    texture(spec, clipId, cx - rx, top, rx * 2, height),
    `<path d="${topFace}" fill="${hex(lighten(mix(colour, spec.light, 0.3), 0.25))}"/>`,
    `<path d="M${n(cx - rx)} ${n(top)}L${n(cx + rx)} ${n(top)}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="1.2"/>`,
  ].join('');
}

/** Draws the podium and returns its markup and the y of the surface the product stands on. */
export function drawPodium(spec: PodiumSpec): { markup: string; top: number } {
  const { cx, base, rx, height, colour } = spec;
  const floorShadow = softShadow(spec.defs, cx + (spec.lightFromLeft ? rx * 0.25 : -rx * 0.25), base, rx * 1.5, rx * 0.3, 0.3);
  if (spec.shape === 'tiers') {
    const lower = cylinder(spec, cx, base, rx * 1.3, height * 0.45, darken(colour, 0.06));
    const upper = cylinder(spec, cx, base - height * 0.45, rx, height * 0.55, colour);
    return { markup: floorShadow + lower + upper, top: base - height };
  }
  if (spec.shape === 'plinth') return { markup: floorShadow + plinth(spec, cx, base, rx, height, colour), top: base - height - rx * 0.14 };
  if (spec.shape === 'slab')
    return { markup: floorShadow + cylinder(spec, cx, base, rx * 1.25, height * 0.3, colour), top: base - height * 0.3 };
  return { markup: floorShadow + cylinder(spec, cx, base, rx, height, colour), top: base - height };
}
