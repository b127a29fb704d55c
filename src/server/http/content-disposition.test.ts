import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition.ts';

describe('Content-Disposition of downloads', () => {
  it('is a plain quoted filename for an ASCII name', () => {
    expect(attachment('perfume-bottle-amazon-main.jpg')).toBe('attachment; filename="perfume-bottle-amazon-main.jpg"');
  });

  it('gives any other name an ASCII stand-in and the UTF-8 name in filename* (RFC 6266, 8187)', () => {
    expect(attachment('ünïcödé-neaker-日本語.jpg')).toBe(
      `attachment; filename="unicode-neaker.jpg"; filename*=UTF-8''${encodeURIComponent('ünïcödé-neaker-日本語.jpg')}`,
    );
    expect(attachment('日本語.zip')).toBe(`attachment; filename="download.zip"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.zip`);
  });

  it('sends the composed form, and never a quote, backslash or unencoded apostrophe', () => {
    const header = attachment(`a"b\\c'd(e)*.jpg`.normalize('NFD'));
    expect(header).toBe(`attachment; filename="a-b-c-d-e.jpg"; filename*=UTF-8''a%22b%5Cc%27d%28e%29%2A.jpg`);
    expect(attachment('u\u0308.jpg')).toContain(`filename*=UTF-8''%C3%BC.jpg`);
  });
});
