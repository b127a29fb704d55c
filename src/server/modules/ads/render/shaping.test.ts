import { describe, expect, it } from 'vitest';
import { choosePalette } from './colors.ts';
import { faceStack } from './fonts.ts';
import { breakOpportunities } from './line-breaks.ts';
import { prepareParagraph, shapeLine } from './shaping.ts';
import { textSvg } from './svg.ts';
import { fitText } from './text-fit.ts';

const montserratBold = () => faceStack({ catalog: 'montserrat' }, { weight: 'bold', italic: false });

function shape(text: string) {
  const p = prepareParagraph(text, montserratBold());
  return { p, line: shapeLine(p, 0, text.length) };
}

describe('shaping', () => {
  it.each([
    ['تخفيض ٥٠٪ اليوم', /\p{Script=Arabic}/u, 'NotoSansArabic_700Bold.ttf'],
    ['今日だけ半額セール', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u, 'NotoSansJP_700Bold.ttf'],
  ])('shapes %s with a Latin brand font: no .notdef glyph, its letters from the fallback font', (text, script, fallback) => {
    const { line } = shape(text);
    expect(line.glyphs.length).toBeGreaterThan(3);
    expect(line.glyphs.filter((g) => g.glyph.id === 0)).toEqual([]);
    const letters = line.glyphs.filter((g) => g.glyph.codePoints.some((cp) => script.test(String.fromCodePoint(cp))));
    expect(letters.length).toBeGreaterThan(3);
    expect(new Set(letters.map((g) => g.face.key.split('/').at(-1)))).toEqual(new Set([fallback]));
    expect(letters.every((g) => g.glyph.path.commands.length > 0 || g.glyph.codePoints.includes(0x20))).toBe(true);
  });

  it('lays out right-to-left text in visual order: the first word lies to the right of the second', () => {
    const { p, line } = shape('تخفيض اليوم');
    expect(p.rtl).toBe(true);
    const firstWord = new Set(Array.from('تخفض').map((c) => c.codePointAt(0)));
    const secondWord = new Set(Array.from('الوم').map((c) => c.codePointAt(0)));
    const xs = (set: Set<number | undefined>) => line.glyphs.filter((g) => g.glyph.codePoints.some((cp) => set.has(cp))).map((g) => g.x);
    expect(xs(firstWord).length).toBeGreaterThan(0);
    expect(Math.min(...xs(firstWord))).toBeGreaterThan(Math.max(...xs(secondWord)));
    // Within a word too: its first letter (ت) is its rightmost glyph.
    const teh = line.glyphs.find((g) => g.glyph.codePoints.includes(0x062a))!;
    expect(teh.x).toBe(Math.max(...xs(firstWord)));
  });

  it('keeps a left-to-right word inside right-to-left text in its own order, and the runs in bidi order', () => {
    const { line } = shape('عرض SALE اليوم');
    const latin = line.glyphs.filter((g) => g.glyph.codePoints.some((cp) => cp < 0x80 && cp !== 0x20));
    const letters = latin.map((g) => String.fromCodePoint(g.glyph.codePoints[0]!)).join('');
    expect(letters).toBe('SALE');
    const ain = line.glyphs.find((g) => g.glyph.codePoints.includes(0x0639))!; // ع, first word
    const meem = line.glyphs.find((g) => g.glyph.codePoints.includes(0x0645))!; // م, last word
    expect(ain.x).toBeGreaterThan(latin.at(-1)!.x);
    expect(meem.x).toBeLessThan(latin[0]!.x);
  });

  it('breaks Japanese between any two characters but not before the prolonged sound mark, Latin only at spaces', () => {
    expect(breakOpportunities('今日だけ半額セール')).toEqual([1, 2, 3, 4, 5, 6, 8, 9]);
    expect(breakOpportunities('Shop the sale')).toEqual([5, 9, 13]);
  });

  it('fits text at the largest size that fits, and cuts with an ellipsis below the smallest', () => {
    const stack = montserratBold();
    const box = { x: 0, y: 0, width: 400, height: 100 };
    const short = fitText('Sale', stack, box, { maxSize: 60, minSize: 12, maxLines: 2, align: 'start', valign: 'top' })!;
    expect(short.size).toBe(60);
    expect(short.truncated).toBe(false);
    const long = fitText('word '.repeat(200), stack, box, { maxSize: 60, minSize: 12, maxLines: 2, align: 'start', valign: 'top' })!;
    expect(long.size).toBe(12);
    expect(long.truncated).toBe(true);
    expect(long.lines).toHaveLength(2);
    expect(long.rect.width).toBeLessThanOrEqual(400);
    expect(long.rect.height).toBeLessThanOrEqual(100);
    const last = long.lines.at(-1)!.line.glyphs.at(-1)!;
    expect(last.glyph.codePoints).toEqual([0x2026]);
    expect(
      fitText(
        'Sale',
        stack,
        { x: 0, y: 0, width: 400, height: 5 },
        { maxSize: 60, minSize: 12, maxLines: 2, align: 'start', valign: 'top' },
      ),
    ).toBeNull();
  });

  it('draws text as glyph paths, never as <text> (no machine font is ever used)', () => {
    const block = fitText(
      'Sale 今日 تخفيض',
      montserratBold(),
      { x: 0, y: 0, width: 600, height: 100 },
      {
        maxSize: 60,
        minSize: 12,
        maxLines: 1,
        align: 'start',
        valign: 'top',
      },
    )!;
    const svg = textSvg(block, '#FFD400');
    expect(svg).not.toMatch(/<text|font-family/);
    // One path per inked glyph: 4 + 2 + 5 letters (the spaces have no outline).
    expect(svg.match(/<path /g)).toHaveLength(block.lines[0]!.line.glyphs.filter((g) => g.glyph.path.commands.length > 0).length);
    expect(svg.match(/<path /g)!.length).toBeGreaterThanOrEqual(9);
  });

  it('falls back to Noto Sans JP 700 for the heading, 400 for the body', () => {
    const heading = faceStack({ catalog: 'inter' }, { weight: 'bold', italic: false });
    const body = faceStack({ catalog: 'inter' }, { weight: 'regular', italic: false });
    expect(heading.map((f) => f.key.split('/').at(-1))).toEqual([
      'Inter_700Bold.ttf',
      'NotoSansArabic_700Bold.ttf',
      'NotoSansJP_700Bold.ttf',
    ]);
    expect(body.map((f) => f.key.split('/').at(-1))).toEqual([
      'Inter_400Regular.ttf',
      'NotoSansArabic_400Regular.ttf',
      'NotoSansJP_400Regular.ttf',
    ]);
    // A family without bold (Bebas Neue) uses what it has; an italic is used when shipped, slanted when not.
    expect(faceStack({ catalog: 'bebas-neue' }, { weight: 'bold', italic: false })[0]!.key).toMatch(/BebasNeue_400Regular\.ttf$/);
    const lora = faceStack({ catalog: 'lora' }, { weight: 'regular', italic: true })[0]!;
    expect([lora.key.split('/').at(-1), lora.slant]).toEqual(['Lora_400Regular_Italic.ttf', 0]);
    expect(faceStack({ catalog: 'oswald' }, { weight: 'regular', italic: true })[0]!.slant).toBeGreaterThan(0);
  });
});

describe('choosePalette', () => {
  it('paints surfaces in the first colour and text in the kit colour that contrasts most with it (at least 4.5:1)', () => {
    expect(choosePalette([{ hex: '#1E3A8A' }, { hex: '#3B82F6' }, { hex: '#FFD400' }])).toEqual({ surface: '#1E3A8A', text: '#FFD400' });
  });

  it('falls back to white or near-black when no kit colour contrasts enough', () => {
    expect(choosePalette([{ hex: '#1E3A8A' }, { hex: '#3B82F6' }])).toEqual({ surface: '#1E3A8A', text: '#FFFFFF' });
    expect(choosePalette([{ hex: '#FFE066' }])).toEqual({ surface: '#FFE066', text: '#1F2328' });
    expect(choosePalette([])).toEqual({ surface: '#1F2328', text: '#FFFFFF' });
  });
});
