import { describe, expect, it } from 'vitest';
import { formatProductBox, parseProductBox } from './product-box.ts';

describe('a product box as a klip attribute', () => {
  it('reads back what it wrote, to four decimals', () => {
    const box = { x: 0.3125, y: 0.2, width: 0.375, height: 0.64 };
    expect(formatProductBox(box)).toBe('0.3125,0.2000,0.3750,0.6400');
    expect(parseProductBox(formatProductBox(box))).toEqual(box);
  });

  it('reads nothing from a value that is not four fractions of a box inside the image', () => {
    for (const value of [undefined, '', '0.1,0.2,0.3', '0.1,0.2,0.3,x', '-0.1,0,0.5,0.5', '0.6,0,0.5,0.5', '0,0,0,0.5', '0,0,1,1,1'])
      expect(parseProductBox(value), String(value)).toBeNull();
  });
});
