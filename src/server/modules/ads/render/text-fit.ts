import type { FaceStack } from './fonts.ts';
import type { Rect } from './geometry.ts';
import { roundOut } from './geometry.ts';
import { breakOpportunities, codePointBoundaries } from './line-breaks.ts';
import { outlineOf } from './outlines.ts';
import { prepareParagraph, shapeLine, type Paragraph, type ShapedLine } from './shaping.ts';

export type TextAlign = 'start' | 'center' | 'end';

export interface FitOptions {
  /** Font sizes in px: the largest that fits is used, from `maxSize` down to `minSize`. */
  maxSize: number;
  minSize: number;
  maxLines: number;
  align: TextAlign;
  valign: 'top' | 'center' | 'bottom';
  /** Baseline to baseline, in ems. */
  lineHeight?: number;
  /** Measure the ink alone (a quote mark), without the usual room above and below a line. */
  inkOnly?: boolean;
}

/** A line ready to draw: its glyphs, the pen origin (px) and font size. */
export interface DrawnLine {
  line: ShapedLine;
  x: number;
  baseline: number;
}

export interface TextBlock {
  lines: DrawnLine[];
  size: number;
  /** Every pixel of ink lies inside this box, and it inside the box it was fitted to. */
  rect: Rect;
  truncated: boolean;
}

/** A line's horizontal and vertical extent in ems: advance box and ink together (slant included). */
interface Extent {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const MIN_TOP = 0.72;
const MIN_BOTTOM = 0.18;

function extentOf(line: ShapedLine, inkOnly: boolean): Extent {
  let left = inkOnly ? Infinity : 0;
  let right = inkOnly ? -Infinity : line.advance;
  let top = inkOnly ? -Infinity : MIN_TOP;
  let bottom = inkOnly ? -Infinity : MIN_BOTTOM;
  for (const g of line.glyphs) {
    const o = outlineOf(g.face, g.glyph);
    if (!o.d) continue;
    const upm = g.face.font.unitsPerEm;
    const slant = g.face.slant;
    const yMin = o.yMin / upm + g.y;
    const yMax = o.yMax / upm + g.y;
    left = Math.min(left, g.x + o.xMin / upm + Math.min(slant * yMin, slant * yMax));
    right = Math.max(right, g.x + o.xMax / upm + Math.max(slant * yMax, slant * yMin));
    top = Math.max(top, yMax);
    bottom = Math.max(bottom, -yMin);
  }
  if (left > right) return { left: 0, right: line.advance, top: 0, bottom: 0 };
  return { left, right, top, bottom };
}

interface Laid {
  line: ShapedLine;
  extent: Extent;
}

/** Shapes lines once per paragraph: every font size tried reuses them (shaping scales with the size). */
class LineCache {
  readonly p: Paragraph;
  readonly breaks: number[];
  readonly #lines = new Map<string, Laid>();
  readonly #inkOnly: boolean;
  constructor(p: Paragraph, inkOnly = false) {
    this.#inkOnly = inkOnly;
    this.p = p;
    this.breaks = breakOpportunities(p.text);
  }
  get(start: number, end: number): Laid {
    const key = `${start}:${end}`;
    let laid = this.#lines.get(key);
    if (!laid) {
      const line = shapeLine(this.p, start, end);
      laid = { line, extent: extentOf(line, this.#inkOnly) };
      this.#lines.set(key, laid);
    }
    return laid;
  }
}

const width = (e: Extent) => e.right - e.left;

/** Greedy wrapping within `maxEm`; a word longer than a line is broken between characters. */
function wrap(cache: LineCache, maxEm: number): Array<{ start: number; end: number; forced?: true }> {
  const { text } = cache.p;
  const lines: Array<{ start: number; end: number; forced?: true }> = [];
  let start = 0;
  while (start < text.length) {
    let end = -1;
    for (const b of cache.breaks) {
      if (b <= start) continue;
      if (width(cache.get(start, b).extent) <= maxEm) end = b;
      else break;
    }
    let forced = false;
    if (end < 0) {
      // Not even the first word fits: as many characters as fit, at least one.
      const first = cache.breaks.find((b) => b > start)!;
      const bounds = codePointBoundaries(text, start, first);
      end = bounds[0]!;
      forced = true;
      for (const b of bounds) {
        if (width(cache.get(start, b).extent) <= maxEm) end = b;
        else break;
      }
    }
    lines.push(forced ? { start, end, forced } : { start, end });
    start = end;
    while (start < text.length && /\s/.test(text[start]!)) start++;
  }
  return lines;
}

function blockHeight(extents: Extent[], step: number): number {
  if (extents.length === 0) return 0;
  return extents[0]!.top + (extents.length - 1) * step + extents.at(-1)!.bottom;
}

/**
 * Sets a text in a box: the largest size from `maxSize` down to `minSize` whose wrapped lines fit;
 * when even `minSize` does not fit, the lines that fit are kept and the last one ends with an
 * ellipsis. Null when not one line fits (the box is too small for any text). Text never leaves the box.
 */
export function fitText(text: string, stack: FaceStack, box: Rect, options: FitOptions): TextBlock | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean || box.width <= 0 || box.height <= 0) return null;
  const step = options.lineHeight ?? 1.18;
  const cache = new LineCache(prepareParagraph(clean, stack), options.inkOnly);
  for (
    let size = options.maxSize;
    size >= options.minSize;
    size = size > options.minSize && size * 0.92 < options.minSize ? options.minSize : size * 0.92
  ) {
    const ranges = wrap(cache, box.width / size);
    // A word broken between letters is a last resort: a smaller size is tried first.
    if (ranges.length > options.maxLines || (size > options.minSize && ranges.some((r) => r.forced))) {
      if (size === options.minSize) break;
      continue;
    }
    const laid = ranges.map((r) => cache.get(r.start, r.end));
    const fitsWidth = laid.every((l) => width(l.extent) * size <= box.width);
    if (
      fitsWidth &&
      blockHeight(
        laid.map((l) => l.extent),
        step,
      ) *
        size <=
        box.height
    ) {
      return place(laid, size, step, box, options, cache.p.rtl, false);
    }
    if (size === options.minSize) break;
  }
  return truncated(clean, stack, box, options, step);
}

/** At the smallest size: the lines that fit, the last cut with an ellipsis. */
function truncated(text: string, stack: FaceStack, box: Rect, options: FitOptions, step: number): TextBlock | null {
  const size = options.minSize;
  const cache = new LineCache(prepareParagraph(text, stack), options.inkOnly);
  const ranges = wrap(cache, box.width / size);
  let keep = Math.min(ranges.length, options.maxLines);
  const extents = (n: number) => ranges.slice(0, n).map((r) => cache.get(r.start, r.end).extent);
  while (keep > 0 && blockHeight(extents(keep), step) * size > box.height) keep--;
  if (keep === 0) return null;
  const laid = ranges.slice(0, keep - 1).map((r) => cache.get(r.start, r.end));
  const last = ranges[keep - 1]!;
  const ellipsis = stack.some((f) => f.font.hasGlyphForCodePoint(0x2026)) ? '\u2026' : '...';
  const bounds = [last.start, ...codePointBoundaries(text, last.start, text.length)].filter((b) => b <= last.end);
  for (let k = bounds.length - 1; k >= 0; k--) {
    const head = text.slice(0, bounds[k]).trimEnd();
    const candidate = new LineCache(prepareParagraph(head + ellipsis, stack), options.inkOnly).get(
      Math.min(last.start, head.length),
      head.length + ellipsis.length,
    );
    const fits = width(candidate.extent) * size <= box.width;
    const tall = blockHeight([...laid.map((l) => l.extent), candidate.extent], step) * size <= box.height;
    if (fits && tall) return place([...laid, candidate], size, step, box, options, cache.p.rtl, true);
  }
  return null;
}

function place(laid: Laid[], size: number, step: number, box: Rect, options: FitOptions, rtl: boolean, truncatedText: boolean): TextBlock {
  const height =
    blockHeight(
      laid.map((l) => l.extent),
      step,
    ) * size;
  const slack = box.height - height;
  const top = box.y + (options.valign === 'top' ? 0 : options.valign === 'bottom' ? slack : slack / 2);
  const align = options.align === 'center' ? 'center' : (options.align === 'start') !== rtl ? 'left' : 'right';
  let minX = Infinity;
  let maxX = -Infinity;
  const lines = laid.map((l, i) => {
    const e = l.extent;
    const w = width(e) * size;
    const left = align === 'left' ? box.x : align === 'right' ? box.x + box.width - w : box.x + (box.width - w) / 2;
    const x = left - e.left * size;
    minX = Math.min(minX, left);
    maxX = Math.max(maxX, left + w);
    return { line: l.line, x, baseline: top + (laid[0]!.extent.top + i * step) * size };
  });
  const rect = roundOut({ x: minX, y: top, width: maxX - minX, height });
  // Rounding outwards may pass the box by a fraction of a pixel: the box is the bound.
  const x = Math.max(rect.x, Math.floor(box.x));
  const y = Math.max(rect.y, Math.floor(box.y));
  return {
    lines,
    size,
    rect: {
      x,
      y,
      width: Math.min(rect.x + rect.width, Math.ceil(box.x + box.width)) - x,
      height: Math.min(rect.y + rect.height, Math.ceil(box.y + box.height)) - y,
    },
    truncated: truncatedText,
  };
}
