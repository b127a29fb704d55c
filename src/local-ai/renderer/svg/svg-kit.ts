/** Small helpers for writing SVG by hand: numbers, gradients and ids. */

/** One decimal is plenty at these sizes and keeps the markup short. */
export const n = (x: number) => Math.round(x * 10) / 10;

/** A gradient stop; a bare colour is spread evenly with the other bare colours of its list. */
export type Stop = readonly [offset: number, colour: string, opacity?: number] | string;

export interface SvgDefs {
  add(markup: string): void;
  id(prefix: string): string;
  markup(): string;
}

export function createDefs(): SvgDefs {
  const parts: string[] = [];
  let counter = 0;
  return {
    add: (markup) => parts.push(markup),
    id: (prefix) => `${prefix}${(counter++).toString(36)}`,
    markup: () => parts.join(''),
  };
}

function stops(list: readonly Stop[]): string {
  return list
    .map((stop, i) => {
      const [offset, colour, opacity] = typeof stop === 'string' ? [i / (list.length - 1), stop] : stop;
      return `<stop offset="${n(offset * 100)}%" stop-color="${colour}"${opacity === undefined ? '' : ` stop-opacity="${n(opacity * 100) / 100}"`}/>`;
    })
    .join('');
}

/** A linear gradient in object-bounding-box units unless `user` is set; returns `url(#id)`. */
export function linear(
  defs: SvgDefs,
  list: readonly Stop[],
  direction: { x1?: number; y1?: number; x2?: number; y2?: number; user?: boolean } = {},
): string {
  const id = defs.id('l');
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = direction;
  defs.add(
    `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${stops(list)}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** A radial gradient; cx/cy/r (and the focus fx/fy) are fractions of the shape's box. Returns `url(#id)`. */
export function radial(
  defs: SvgDefs,
  list: readonly Stop[],
  shape: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {},
): string {
  const id = defs.id('r');
  const { cx = 0.5, cy = 0.5, r = 0.5 } = shape;
  const focus = shape.fx === undefined ? '' : ` fx="${n(shape.fx)}" fy="${n(shape.fy ?? cy)}"`;
  defs.add(`<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${focus}>${stops(list)}</radialGradient>`);
  return `url(#${id})`;
}

/** A soft-edged blob of colour: a radial gradient that fades to transparent. */
export function glow(defs: SvgDefs, colour: string, opacity: number, cx: number, cy: number, rx: number, ry = rx): string {
  const fill = radial(defs, [
    [0, colour, opacity],
    [0.45, colour, opacity * 0.55],
    [1, colour, 0],
  ]);
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}

export function svgDocument(width: number, height: number, defs: SvgDefs, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.markup()}</defs>${body}</svg>`;
}

/** A smooth closed-bottom path through points (quadratic midpoints), filled down to `bottom`. */
export function smoothRidge(points: ReadonlyArray<readonly [number, number]>, bottom: number): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  let d = `M${n(first[0])} ${n(bottom)}L${n(first[0])} ${n(first[1])}`;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i];
    const q = points[i + 1];
    if (!p || !q) continue;
    d += `Q${n(p[0])} ${n(p[1])} ${n((p[0] + q[0]) / 2)} ${n((p[1] + q[1]) / 2)}`;
  }
  d += `L${n(last[0])} ${n(last[1])}L${n(last[0])} ${n(bottom)}Z`;
  return d;
}
