/** Han, kana, CJK punctuation and full-width forms: a line may break between any two of them. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF\u30FC]/u;
/** Never at the start of a line (kinsoku): closing marks, small kana, the prolonged sound mark. */
const NO_BREAK_BEFORE = new Set('。、，．・：；！？）」』】〕〉》ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥%％,.!?:;)]}');
/** Never at the end of a line: opening marks. */
const NO_BREAK_AFTER = new Set('「『（【〔〈《([{');

/**
 * Where lines may start, as UTF-16 indices in ascending order (0 excluded, the end included): after
 * a run of spaces (Latin, Arabic and other spaced scripts), and between two characters when either is
 * CJK, except before closing marks and small kana and after opening marks.
 */
export function breakOpportunities(text: string): number[] {
  const out: number[] = [];
  const chars = Array.from(text);
  let index = 0;
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k]!;
    const next = chars[k + 1];
    index += ch.length;
    if (next === undefined) break;
    if (/\s/.test(ch) && !/\s/.test(next)) out.push(index);
    else if (!/\s/.test(ch) && !/\s/.test(next) && (CJK.test(ch) || CJK.test(next))) {
      if (!NO_BREAK_BEFORE.has(next) && !NO_BREAK_AFTER.has(ch)) out.push(index);
    }
  }
  out.push(text.length);
  return out;
}

/** UTF-16 indices of every code point boundary in [start, end], for breaking a word too long for its line. */
export function codePointBoundaries(text: string, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = start; i < end;) {
    i += text.codePointAt(i)! > 0xffff ? 2 : 1;
    out.push(i);
  }
  return out;
}
