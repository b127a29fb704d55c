import bidiModule from 'bidi-js';
import type { Glyph } from 'fontkit';
import type { Face, FaceStack } from './fonts.ts';

/** One glyph placed on a line; x and y in ems from the line's start and baseline (y up). */
export interface PlacedGlyph {
  face: Face;
  glyph: Glyph;
  x: number;
  y: number;
}

/** A shaped line in visual order, left to right; `advance` is its width in ems. */
export interface ShapedLine {
  glyphs: PlacedGlyph[];
  advance: number;
}

// bidi-js is a UMD file whose module.exports is the factory; its types describe an ES default export.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();

/** Characters of no script of their own (spaces, punctuation, digits, marks) stay in the font of what precedes them when it has them. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * A paragraph prepared for shaping: per UTF-16 index, the face that draws it (the first face of the
 * stack that has the character, so Arabic and Japanese fall back to Noto) and its bidi embedding level.
 */
export interface Paragraph {
  text: string;
  stack: FaceStack;
  faceOf: Uint8Array;
  levels: Uint8Array;
  /** The paragraph's base direction: right-to-left when its first strong character is. */
  rtl: boolean;
}

export function prepareParagraph(text: string, stack: FaceStack): Paragraph {
  const faceOf = new Uint8Array(text.length);
  let previous = -1;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    let face = -1;
    if (previous >= 0 && NEUTRAL.test(String.fromCodePoint(cp)) && stack[previous]!.font.hasGlyphForCodePoint(cp)) face = previous;
    if (face < 0) face = stack.findIndex((f) => f.font.hasGlyphForCodePoint(cp));
    // No face has it: the brand font draws its .notdef box rather than nothing.
    if (face < 0) face = 0;
    faceOf.fill(face, i, i + width);
    previous = face;
    i += width;
  }
  const embedding = bidi.getEmbeddingLevels(text);
  return { text, stack, faceOf, levels: embedding.levels, rtl: (embedding.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

interface Run {
  start: number;
  end: number;
  level: number;
  face: number;
}

function runsOf(p: Paragraph, start: number, end: number): Run[] {
  const runs: Run[] = [];
  for (let i = start; i < end; i++) {
    const last = runs.at(-1);
    if (last && last.level === p.levels[i] && last.face === p.faceOf[i]) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: p.levels[i]!, face: p.faceOf[i]! });
  }
  return runs;
}

/**
 * Shapes the characters [start, end) of a paragraph as one line, in visual order: runs of one face
 * and one bidi level are shaped apart (right-to-left runs with direction 'rtl' and mirrored
 * brackets), then the runs are reordered by the Unicode bidi rule L2 (from the highest level to the
 * lowest odd one, every sequence at that level or above is reversed). Trailing spaces are not drawn.
 */
export function shapeLine(p: Paragraph, start: number, end: number): ShapedLine {
  while (end > start && /\s/.test(p.text[end - 1]!)) end--;
  const runs = runsOf(p, start, end);
  const shaped = runs.map((run) => ({ level: run.level, ...shapeRun(p, run) }));
  const maxLevel = Math.max(0, ...shaped.map((r) => r.level));
  const minOdd = Math.min(...shaped.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = maxLevel; level >= minOdd && level > 0; level--) {
    for (let i = 0; i < shaped.length;) {
      if (shaped[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < shaped.length && shaped[j]!.level >= level) j++;
      const reversed = shaped.slice(i, j).reverse();
      shaped.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  const glyphs: PlacedGlyph[] = [];
  let pen = 0;
  for (const run of shaped) {
    for (const g of run.glyphs) glyphs.push({ ...g, x: g.x + pen });
    pen += run.advance;
  }
  return { glyphs, advance: pen };
}

function shapeRun(p: Paragraph, run: Run): ShapedLine {
  const face = p.stack[run.face]!;
  const rtl = run.level % 2 === 1;
  let text = p.text.slice(run.start, run.end);
  if (rtl) {
    const mirrored = bidi.getMirroredCharactersMap(p.text, p.levels, run.start, run.end - 1);
    if (mirrored.size > 0)
      text = Array.from(text)
        .map((ch, k) => mirrored.get(run.start + k) ?? ch)
        .join('');
  }
  const result = face.font.layout(text, undefined, undefined, undefined, rtl ? 'rtl' : 'ltr');
  let glyphs = result.glyphs;
  let positions = result.positions;
  if (rtl && inLogicalOrder(glyphs, text)) {
    // Some fonts (no OpenType layout tables) come back in logical order; a line is drawn left to right.
    glyphs = [...glyphs].reverse();
    positions = [...positions].reverse();
  }
  const upm = face.font.unitsPerEm;
  const placed: PlacedGlyph[] = [];
  let pen = 0;
  glyphs.forEach((glyph, i) => {
    const pos = positions[i]!;
    placed.push({ face, glyph, x: (pen + pos.xOffset) / upm, y: pos.yOffset / upm });
    pen += pos.xAdvance;
  });
  return { glyphs: placed, advance: pen / upm };
}

const holds = (g: Glyph, cp: number) => g.codePoints.includes(cp);

/** Whether a right-to-left run's glyphs start with its first character (logical order) rather than its last (visual order). */
function inLogicalOrder(glyphs: Glyph[], text: string): boolean {
  const cps = Array.from(text).map((c) => c.codePointAt(0)!);
  if (cps.length < 2 || glyphs.length < 2) return false;
  const first = glyphs.find((g) => g.codePoints.length > 0);
  const last = glyphs.findLast((g) => g.codePoints.length > 0);
  if (!first || !last || first === last) return false;
  return holds(first, cps[0]!) && holds(last, cps.at(-1)!) && !(holds(first, cps.at(-1)!) && holds(last, cps[0]!));
}
