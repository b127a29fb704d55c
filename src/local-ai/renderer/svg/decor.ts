/** Decorative elements shared by the scenes; positions and sizes come from the seeded PRNG. */
import { darken, fromHex, hex, lighten, type Rgb } from '../colour.ts';
import type { Rng } from '../prng.ts';
import type { PropName } from '../prompt-cues.ts';
import { linear, n, radial, type SvgDefs } from './svg-kit.ts';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DecorContext {
  defs: SvgDefs;
  rng: Rng;
  /** Pixels per reference unit: min(width, height) / 1024. */
  unit: number;
}

/** Out-of-focus light discs. */
export function bokeh(ctx: DecorContext, area: Area, count: number, colours: readonly Rgb[], opacity = 0.35): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = ctx.rng.range(14, 58) * ctx.unit;
    const c = hex(lighten(ctx.rng.pick(colours), 0.25));
    const fill = radial(ctx.defs, [
      [0, c, opacity * ctx.rng.range(0.5, 1)],
      [0.78, c, opacity * 0.6],
      [1, c, 0],
    ]);
    out += `<circle cx="${n(area.x + ctx.rng.next() * area.width)}" cy="${n(area.y + ctx.rng.next() * area.height)}" r="${n(r)}" fill="${fill}"/>`;
  }
  return out;
}

export function stars(ctx: DecorContext, area: Area, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = ctx.rng.range(0.6, 2.1) * ctx.unit;
    out += `<circle cx="${n(area.x + ctx.rng.next() * area.width)}" cy="${n(area.y + ctx.rng.next() ** 1.4 * area.height)}" r="${n(r)}" fill="#ffffff" opacity="${n(ctx.rng.range(0.35, 1) * 100) / 100}"/>`;
  }
  return out;
}

/** A four-pointed twinkle. */
function sparkle(x: number, y: number, r: number, colour: string, opacity: number): string {
  const k = r * 0.16;
  return `<path opacity="${n(opacity * 100) / 100}" fill="${colour}" d="M${n(x)} ${n(y - r)}Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)}Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z"/>`;
}

export function sparkles(ctx: DecorContext, area: Area, count: number, colour: Rgb): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += sparkle(
      area.x + ctx.rng.next() * area.width,
      area.y + ctx.rng.next() * area.height,
      ctx.rng.range(6, 18) * ctx.unit,
      hex(lighten(colour, 0.3)),
      ctx.rng.range(0.5, 0.95),
    );
  }
  return out;
}

export function confetti(ctx: DecorContext, area: Area, count: number, colours: readonly Rgb[]): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = area.x + ctx.rng.next() * area.width;
    const y = area.y + ctx.rng.next() * area.height;
    const c = hex(ctx.rng.pick(colours));
    const s = ctx.rng.range(10, 20) * ctx.unit;
    const rot = n(ctx.rng.range(0, 180));
    out += ctx.rng.chance(0.35)
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.55)}" fill="${c}"/>`
      : `<rect x="${n(x - s * 0.8)}" y="${n(y - s * 0.35)}" width="${n(s * 1.6)}" height="${n(s * 0.7)}" rx="${n(s * 0.15)}" fill="${c}" transform="rotate(${rot} ${n(x)} ${n(y)})"/>`;
  }
  return out;
}

/** Soft clouds: a flat-bottomed cluster of puffs, drawn opaque inside a translucent group. */
export function clouds(ctx: DecorContext, area: Area, count: number, colour: Rgb, opacity = 0.75): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = area.x + ctx.rng.next() * area.width;
    const base = area.y + ctx.rng.next() * area.height;
    const w = ctx.rng.range(80, 170) * ctx.unit;
    const fill = linear(ctx.defs, [hex(lighten(colour, 0.3)), hex(colour)], { y1: base - w * 0.6, y2: base, user: true });
    let puffs = `<rect x="${n(cx - w)}" y="${n(base - w * 0.22)}" width="${n(w * 2)}" height="${n(w * 0.22)}" rx="${n(w * 0.11)}"/>`;
    const k = ctx.rng.int(3, 4);
    for (let j = 0; j < k; j++) {
      const t = (j + 0.5) / k;
      const pr = w * (0.2 + 0.22 * Math.sin(Math.PI * t)) * ctx.rng.range(0.85, 1.15);
      puffs += `<circle cx="${n(cx - w * 0.75 + t * w * 1.5)}" cy="${n(base - pr * 0.9)}" r="${n(pr)}"/>`;
    }
    out += `<g opacity="${n(opacity * 100) / 100}" fill="${fill}">${puffs}</g>`;
  }
  return out;
}

/** Diagonal beams of light from above, e.g. through a window or a canopy. */
export function lightBeams(ctx: DecorContext, area: Area, count: number, colour: Rgb, fromLeft: boolean, opacity = 0.22): string {
  let out = '';
  const c = hex(colour);
  const fill = linear(
    ctx.defs,
    [
      [0, c, opacity],
      [1, c, 0],
    ],
    { x1: fromLeft ? 0 : 1, y1: 0, x2: fromLeft ? 0.6 : 0.4, y2: 1 },
  );
  for (let i = 0; i < count; i++) {
    const top = area.x + ctx.rng.next() * area.width * 0.7 + (fromLeft ? 0 : area.width * 0.3);
    const w = ctx.rng.range(30, 90) * ctx.unit;
    const drift = (fromLeft ? 1 : -1) * area.height * ctx.rng.range(0.35, 0.6);
    const spread = w * ctx.rng.range(1.8, 3);
    out += `<path d="M${n(top)} ${n(area.y)}L${n(top + w)} ${n(area.y)}L${n(top + drift + spread)} ${n(area.y + area.height)}L${n(top + drift)} ${n(area.y + area.height)}Z" fill="${fill}"/>`;
  }
  return out;
}

/**
 * A palm frond: a drooping rib with tapered leaflets on both sides, filled. Drawn inside one group
 * so a group opacity (for leaf shadows) does not darken where leaflets overlap.
 */
export function frond(x: number, y: number, length: number, angle: number, colour: string, opacity = 1): string {
  const rad = (angle * Math.PI) / 180;
  // Droop bends the rib towards the ground whichever way it points.
  const droop = Math.cos(rad) >= 0 ? 0.55 : -0.55;
  const at = (t: number) => {
    const a = rad + droop * t * t;
    return { x: x + Math.cos(rad + droop * t * t * 0.5) * length * t, y: y + Math.sin(rad + droop * t * t * 0.5) * length * t, a };
  };
  let d = '';
  const steps = 18;
  for (let i = 1; i <= steps; i++) {
    const t = i / (steps + 1);
    const p = at(t);
    const size = length * (0.06 + 0.3 * Math.sin(Math.PI * Math.min(1, t * 1.15)) ** 0.8);
    for (const side of [-1, 1]) {
      const la = p.a + side * 0.95 + droop * 0.35;
      const ex = p.x + Math.cos(la) * size;
      const ey = p.y + Math.sin(la) * size;
      const w = size * 0.11;
      const nx = -Math.sin(la) * w;
      const ny = Math.cos(la) * w;
      const mx = (p.x + ex) / 2;
      const my = (p.y + ey) / 2;
      d += `M${n(p.x)} ${n(p.y)}Q${n(mx + nx)} ${n(my + ny)} ${n(ex)} ${n(ey)}Q${n(mx - nx)} ${n(my - ny)} ${n(p.x)} ${n(p.y)}Z`;
    }
  }
  const end = at(1);
  const mid = at(0.5);
  return `<g opacity="${n(opacity * 100) / 100}"><path d="M${n(x)} ${n(y)}Q${n(mid.x)} ${n(mid.y)} ${n(end.x)} ${n(end.y)}" stroke="${colour}" stroke-width="${n(length * 0.014)}" fill="none" stroke-linecap="round"/><path d="${d}" fill="${colour}"/></g>`;
}

/** A eucalyptus-like sprig: a curved stem with pairs of round leaves. */
export function sprig(x: number, y: number, length: number, angle: number, stem: string, leafColour: string): string {
  const rad = (angle * Math.PI) / 180;
  let leaves = '';
  const steps = 7;
  const point = (t: number) => ({ x: x + Math.cos(rad + t * 0.4) * length * t, y: y + Math.sin(rad + t * 0.4) * length * t });
  for (let i = 1; i <= steps; i++) {
    const t = i / (steps + 0.6);
    const p = point(t);
    const r = length * (0.085 - t * 0.035);
    const a = ((rad + t * 0.4) * 180) / Math.PI;
    for (const side of [-1, 1]) {
      const off = r * 1.05;
      const cx = p.x + Math.cos(rad + t * 0.4 + side * 1.5708) * off;
      const cy = p.y + Math.sin(rad + t * 0.4 + side * 1.5708) * off;
      leaves += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r)}" ry="${n(r * 0.78)}" transform="rotate(${n(a + side * 20)} ${n(cx)} ${n(cy)})"/>`;
    }
  }
  const end = point(1);
  const mid = point(0.5);
  return `<path d="M${n(x)} ${n(y)}Q${n(mid.x)} ${n(mid.y)} ${n(end.x)} ${n(end.y)}" stroke="${stem}" stroke-width="${n(length * 0.012 + 0.5)}" fill="none"/><g fill="${leafColour}">${leaves}</g>`;
}

/** A broad leaf (monstera-like, without holes), rotated around its stem. */
export function leaf(x: number, y: number, length: number, angle: number, colour: string): string {
  const w = length * 0.42;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0 0C${n(w)} ${n(-length * 0.15)} ${n(w * 0.9)} ${n(-length * 0.85)} 0 ${n(-length)}C${n(-w * 0.9)} ${n(-length * 0.85)} ${n(-w)} ${n(-length * 0.15)} 0 0Z" fill="${colour}"/><path d="M0 0L0 ${n(-length * 0.95)}" stroke="#000000" stroke-opacity="0.15" stroke-width="${n(length * 0.02)}"/></g>`;
}

/** A round tree crown or a pine, as a flat silhouette. */
export function tree(x: number, base: number, height: number, colour: string, pine: boolean): string {
  if (pine) {
    const w = height * 0.36;
    let d = '';
    for (let i = 0; i < 3; i++) {
      const top = base - height + i * height * 0.22;
      const bottom = top + height * 0.42;
      const half = w * (0.55 + i * 0.25);
      d += `M${n(x)} ${n(top)}L${n(x + half)} ${n(bottom)}L${n(x - half)} ${n(bottom)}Z`;
    }
    return `<path d="${d}" fill="${colour}"/><rect x="${n(x - height * 0.025)}" y="${n(base - height * 0.14)}" width="${n(height * 0.05)}" height="${n(height * 0.14)}" fill="${colour}"/>`;
  }
  const r = height * 0.3;
  return `<rect x="${n(x - height * 0.03)}" y="${n(base - height * 0.45)}" width="${n(height * 0.06)}" height="${n(height * 0.45)}" fill="${colour}"/><circle cx="${n(x)}" cy="${n(base - height + r)}" r="${n(r)}" fill="${colour}"/><circle cx="${n(x - r * 0.6)}" cy="${n(base - height + r * 1.6)}" r="${n(r * 0.75)}" fill="${colour}"/><circle cx="${n(x + r * 0.6)}" cy="${n(base - height + r * 1.5)}" r="${n(r * 0.8)}" fill="${colour}"/>`;
}

/** A glowing tube: a few strokes of growing width and falling opacity fake the bloom without a blur filter. */
export function neonStroke(d: string, colour: Rgb, width: number): string {
  const c = hex(colour);
  return [
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${n(width * 7)}" stroke-opacity="0.06" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${n(width * 4)}" stroke-opacity="0.12" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${n(width * 2)}" stroke-opacity="0.35" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${hex(lighten(colour, 0.65))}" stroke-width="${n(width)}" stroke-linecap="round"/>`,
  ].join('');
}

/** How each prop looks: droplets sit on the product, the rest lie beside it. */
const PROP_LOOKS: Record<PropName, readonly [shape: 'fruit' | 'leaf' | 'scatter' | 'cube' | 'drop', colour: string]> = {
  lemons: ['fruit', '#f2cf3a'],
  limes: ['fruit', '#8cc63f'],
  leaves: ['leaf', '#4f8a55'],
  'autumn leaves': ['leaf', '#c8612b'],
  petals: ['scatter', '#cf2f4f'],
  beans: ['scatter', '#4a2c1d'],
  'ice cubes': ['cube', '#e3f1f8'],
  droplets: ['drop', '#ffffff'],
};

/** One prop at (x, y) (its lowest point), about `r` in radius. */
function prop(ctx: DecorContext, shape: (typeof PROP_LOOKS)[PropName][0], x: number, y: number, r: number, c: string): string {
  const turn = (cy: number) => `transform="rotate(${n(ctx.rng.range(-45, 45))} ${n(x)} ${n(cy)})"`;
  switch (shape) {
    case 'fruit': {
      const fill = radial(ctx.defs, [hex(lighten(fromHex(c), 0.45)), c, hex(darken(fromHex(c), 0.3))], { cx: 0.38, cy: 0.32, r: 0.7 });
      return `<ellipse cx="${n(x)}" cy="${n(y - r * 0.72)}" rx="${n(r)}" ry="${n(r * 0.76)}" fill="${fill}" ${turn(y - r * 0.72)}/>${leaf(x + r * 0.2, y - r * 1.4, r * 0.6, 50, '#4f8a55')}`;
    }
    case 'leaf':
      return leaf(x, y, r * 2.2, (ctx.rng.chance(0.5) ? 1 : -1) * ctx.rng.range(60, 85), c);
    case 'cube':
      return `<rect x="${n(x - r * 0.55)}" y="${n(y - r * 1.1)}" width="${n(r * 1.1)}" height="${n(r * 1.1)}" rx="${n(r * 0.2)}" fill="${c}" fill-opacity="0.7" stroke="#ffffff" stroke-opacity="0.8" stroke-width="${n(r * 0.06)}" ${turn(y - r * 0.55)}/>`;
    case 'drop':
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.12)}" fill="#ffffff" fill-opacity="0.3" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${n(r * 0.03)}"/>`;
    default:
      // Petals and beans are small: a few, scattered.
      return [0, 1, 2]
        .map(
          () =>
            `<ellipse cx="${n(x + ctx.rng.range(-1, 1) * r)}" cy="${n(y - ctx.rng.range(0, 0.4) * r)}" rx="${n(r * 0.34)}" ry="${n(r * 0.2)}" fill="${c}" ${turn(y)}/>`,
        )
        .join('');
  }
}

/**
 * What the prompt puts beside the product ("beside fresh lemons", "with autumn leaves"): three of
 * each prop on the floor, either side of the `span` wide stand at `x`, and droplets on the product.
 */
export function props(ctx: DecorContext, kinds: readonly PropName[], x: number, floor: number, span: number, product: Area): string {
  // About the size of a lemon beside a bottle; outside the product, over the front of its stand.
  const r = Math.min(Math.max(ctx.unit * 30, product.width * 0.18), ctx.unit * 70);
  const near = Math.max(span * 0.3, product.width / 2 + r * 0.3);
  let out = '';
  kinds.forEach((kind, k) => {
    const [shape, colour] = PROP_LOOKS[kind];
    for (let i = 0; i < (shape === 'drop' ? 10 : 3); i++) {
      const side = (i + k) % 2 === 0 ? -1 : 1;
      const px =
        shape === 'drop'
          ? product.x + ctx.rng.range(0.15, 0.85) * product.width
          : x + side * (near + r * (0.8 + Math.floor((i + k) / 2) * 1.8 + ctx.rng.range(0, 0.4)));
      const py = shape === 'drop' ? product.y + ctx.rng.range(0.15, 0.9) * product.height : floor + r * ctx.rng.range(0.4, 0.9);
      out += prop(ctx, shape, px, py, r * ctx.rng.range(0.85, 1.1), colour);
    }
  });
  return out;
}
