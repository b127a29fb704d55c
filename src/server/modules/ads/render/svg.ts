import { outlineOf } from './outlines.ts';
import type { Rect } from './geometry.ts';
import type { TextBlock } from './text-fit.ts';

const n = (v: number) => (Math.round(v * 100) / 100).toString();

/**
 * A fitted text as SVG paths: every glyph's outline placed with a matrix (font units, y up, to
 * pixels, y down; a synthetic slant shears x by y). No <text> element: the output never depends on
 * the fonts of the machine that renders it.
 */
export function textSvg(block: TextBlock, fill: string): string {
  const parts: string[] = [];
  for (const { line, x, baseline } of block.lines) {
    for (const g of line.glyphs) {
      const o = outlineOf(g.face, g.glyph);
      if (!o.d) continue;
      const s = block.size / g.face.font.unitsPerEm;
      const ox = x + g.x * block.size;
      const oy = baseline - g.y * block.size;
      parts.push(`<path transform="matrix(${n(s)} 0 ${n(s * g.face.slant)} ${n(-s)} ${n(ox)} ${n(oy)})" d="${o.d}"/>`);
    }
  }
  return `<g fill="${fill}">${parts.join('')}</g>`;
}

export function rectSvg(r: Rect, fill: string, radius = 0): string {
  return `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.width)}" height="${n(r.height)}" rx="${n(radius)}" fill="${fill}"/>`;
}

/** An SVG of the frame's region `view` (frame coordinates inside), to be composited at the region's corner. */
export function svgDocument(view: Rect, body: string[]): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}" viewBox="${view.x} ${view.y} ${view.width} ${view.height}">${body.join('')}</svg>`,
  );
}
