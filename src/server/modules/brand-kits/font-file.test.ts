import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BRAND_FONT_MAX_BYTES, brandKitMessages } from '#contracts/brand-kits.ts';
import { fontFiles } from '#test-support/brand-kits.ts';
import { isAppError } from '../../lib/app-error.ts';
import { fontFormatOf, inspectFontFile } from './font-file.ts';

// postgres-pass: same

async function refusal(data: Buffer): Promise<{ status: number; message: string }> {
  try {
    await inspectFontFile(data);
  } catch (err) {
    if (isAppError(err)) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('accepted');
}

const tagged = (tag: Buffer | string) => Buffer.concat([Buffer.isBuffer(tag) ? tag : Buffer.from(tag, 'latin1'), Buffer.alloc(8)]);

describe('font files', () => {
  it('names the format by the first four bytes only: TrueType (both tags), CFF and WOFF2; never WOFF 1 or collections', () => {
    expect(fontFormatOf(tagged(Buffer.from([0, 1, 0, 0])))).toBe('ttf');
    expect(fontFormatOf(tagged('true'))).toBe('ttf');
    expect(fontFormatOf(tagged('OTTO'))).toBe('otf');
    expect(fontFormatOf(tagged('wOF2'))).toBe('woff2');
    for (const tag of ['wOFF', 'ttcf', 'typ1', '%PDF', '\x89PNG']) expect(fontFormatOf(tagged(tag))).toBeNull();
    expect(fontFormatOf(Buffer.from([0, 1]))).toBeNull();
  });

  it('reads the family of real files and refuses damaged ones without throwing anything but its 400', async () => {
    const ttf = await readFile(fontFiles.ttf);
    expect(await inspectFontFile(ttf)).toEqual({ format: 'ttf', family: 'Inter' });
    expect(await inspectFontFile(await readFile(fontFiles.woff2))).toEqual({ format: 'woff2', family: 'Inter' });
    const unreadable = { status: 400, message: brandKitMessages.fontUnreadable };
    // Cut anywhere, the table directory points past the end (or fontkit cannot read it).
    for (const length of [12, 100, 5_000, ttf.length / 2, ttf.length - 10])
      expect(await refusal(ttf.subarray(0, length))).toEqual(unreadable);
    const woff2 = await readFile(fontFiles.woff2);
    expect(await refusal(woff2.subarray(0, woff2.length - 100))).toEqual(unreadable);
    for (let i = 0; i < 20; i++) expect(await refusal(Buffer.concat([ttf.subarray(0, 4), randomBytes(2048)]))).toEqual(unreadable);
    expect(await refusal(Buffer.concat([Buffer.from('wOF2'), randomBytes(2048)]))).toEqual(unreadable);
  });

  it('refuses a file over the limit before reading it, and a font without basic Latin letters', async () => {
    expect(await refusal(Buffer.alloc(BRAND_FONT_MAX_BYTES + 1))).toEqual({ status: 413, message: brandKitMessages.fontTooLarge });
    // Inter's Greek subset has no Latin letters.
    const greek = await readFile(fontFiles.woff2.replace('latin-standard-normal', 'greek-standard-normal'));
    expect(await refusal(greek)).toEqual({ status: 400, message: brandKitMessages.fontUnreadable });
  });
});
