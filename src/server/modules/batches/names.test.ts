import { describe, expect, it } from 'vitest';
import { zipEntryNames, zipFileName } from './names.ts';

describe('batch ZIP names', () => {
  it("keep the letters of the batch's and the product photos' names (the probe's upload name)", () => {
    expect(zipFileName('Été Ünïcödé 日本語', 'amazon-main')).toBe('été-ünïcödé-日本語-amazon-main.zip');
    expect(zipEntryNames([{ position: 2, fileName: 'ünïcödé-neaker-日本語.png' }])).toEqual(['03-ünïcödé-neaker-日本語']);
  });

  it('stay as the product rules show them for plain names', () => {
    expect(zipFileName('Summer Catalogue')).toBe('summer-catalogue.zip');
    expect(zipEntryNames([{ position: 0, fileName: 'Red Sneaker.png' }])).toEqual(['01-red-sneaker']);
  });
});
