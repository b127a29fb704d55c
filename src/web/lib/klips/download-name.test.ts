import { describe, expect, it } from 'vitest';
import { DOWNLOAD_NAME_PATTERN } from '#contracts/file-names.ts';
import { downloadBaseName, downloadFileName, downloadUrl } from './download-name.ts';

describe('klip download names', () => {
  it('takes the first three words longer than 3 characters (the spec example)', () => {
    expect(downloadFileName({ prompt: 'a glass perfume bottle on wet stone', klipType: 'image' })).toBe('glass-perfume-bottle.jpg');
  });

  it('names videos .mp4', () => {
    expect(downloadFileName({ prompt: 'Sneaker spinning in neon light', klipType: 'video' })).toBe('sneaker-spinning-neon.mp4');
  });

  it('keeps letters (of every script) and digits only, lower-cased, so the server accepts the name', () => {
    expect(downloadBaseName('  Crème BRÛLÉE, candle: 4k/HDR!  shot ')).toBe('crème-brûlée-candle');
    expect(downloadBaseName('the iPhone15 case')).toBe('iphone15-case');
    expect(downloadBaseName('ünïcödé Ⓢneaker 日本の茶碗')).toBe('ünïcödé-neaker-日本の茶碗');
    for (const name of ['crème-brûlée-candle', 'ünïcödé-neaker-日本の茶碗']) expect(name).toMatch(DOWNLOAD_NAME_PATTERN);
  });

  it("falls back to 'klip' when no word is long enough", () => {
    expect(downloadBaseName('a cat on a mat')).toBe('klip');
    expect(downloadBaseName('日本の 茶碗')).toBe('klip');
    expect(downloadBaseName('')).toBe('klip');
  });

  it('stays within the 60 characters the server allows', () => {
    const name = downloadBaseName(`${'a'.repeat(40)} ${'b'.repeat(40)} ${'c'.repeat(40)}`);
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name).toMatch(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/);
    expect(downloadBaseName(`${'é'.repeat(40)} ${'ü'.repeat(40)}`)).toBe('é'.repeat(40));
  });

  it('asks the server for a jpg of an image and the original of a video', () => {
    expect(downloadUrl({ id: 'k1', prompt: 'a glass perfume bottle', klipType: 'image' })).toBe(
      '/api/klips/k1/download?name=glass-perfume-bottle&format=jpg',
    );
    expect(downloadUrl({ id: 'k2', prompt: 'spinning sneaker', klipType: 'video' })).toBe(
      '/api/klips/k2/download?name=spinning-sneaker&format=original',
    );
  });
});
