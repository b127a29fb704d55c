import { describe, expect, it } from 'vitest';
import { cleanFileName, DOWNLOAD_NAME_PATTERN, slugName } from './file-names.ts';

const PROBE = 'ünïcödé-Ⓢneaker-日本語.png';

describe('file names keep letters and digits of every script (docs/product-rules.md#uploads)', () => {
  it("keeps the probe's letters: only the circled S, a symbol, becomes a hyphen", () => {
    expect(cleanFileName(PROBE)).toBe('ünïcödé-neaker-日本語.png');
  });

  it('stores the composed form (NFC) whatever the browser sent', () => {
    const decomposed = PROBE.normalize('NFD');
    expect(decomposed).not.toBe(PROBE);
    expect(cleanFileName(decomposed)).toBe('ünïcödé-neaker-日本語.png');
    expect(cleanFileName(decomposed)).toBe(cleanFileName(decomposed)!.normalize('NFC'));
  });

  it('keeps the marks of scripts that need them, and letters outside the BMP whole', () => {
    expect(cleanFileName('हिन्दी फ़ोटो.jpg')).toBe('हिन्दी-फ़ोटो.jpg');
    expect(cleanFileName(`${'a'.repeat(99)}𠀀𠀀.png`)).toBe(`${'a'.repeat(99)}𠀀`);
  });

  it('turns everything else into single hyphens and trims dots and hyphens at the ends', () => {
    expect(cleanFileName('My Photo (1).png')).toBe('My-Photo-1-.png');
    expect(cleanFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(cleanFileName('  ✨🔥 .png')).toBe('png');
    expect(cleanFileName('🔥')).toBeNull();
    expect(cleanFileName(undefined)).toBeNull();
  });

  it('slugs lower-case, keeping accents and scripts', () => {
    expect(slugName('Summer Catalogue', 'batch')).toBe('summer-catalogue');
    expect(slugName('Été 2025 — Ünïcödé 日本語!', 'batch')).toBe('été-2025-ünïcödé-日本語');
    expect(slugName('✨ ✨', 'batch')).toBe('batch');
  });

  it('accepts download names of letters, digits and hyphens in any script', () => {
    for (const name of ['ünïcödé-neaker-日本語', 'perfume-bottle', '2025-été']) expect(DOWNLOAD_NAME_PATTERN.test(name), name).toBe(true);
    for (const name of ['-lead', 'a b', 'a.b', '../x', 'a/b', 'Ⓢ', 'x"y']) expect(DOWNLOAD_NAME_PATTERN.test(name), name).toBe(false);
  });
});
