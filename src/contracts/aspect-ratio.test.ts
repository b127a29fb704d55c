import { describe, expect, it } from 'vitest';
import { aspectRatios, dimensionsFor } from './aspect-ratio.ts';

describe('dimensionsFor', () => {
  it.each([
    ['1:1', 1024, 1024],
    ['16:9', 1024, 576],
    ['4:3', 1024, 768],
    ['3:2', 1024, 683],
    ['2:3', 683, 1024],
    ['9:16', 576, 1024],
  ])('%s → %i×%i (longer side 1024)', (ratio, width, height) => {
    expect(dimensionsFor(ratio)).toEqual({ width, height });
  });

  it('falls back to 1024×1024 for anything unparsable', () => {
    for (const bad of ['', 'wide', '0:1', '16:0', '-1:2', '16x9']) expect(dimensionsFor(bad)).toEqual({ width: 1024, height: 1024 });
  });

  it('honours another base size', () => {
    expect(dimensionsFor('16:9', 512)).toEqual({ width: 512, height: 288 });
  });

  it('offers the four editor ratios with 1:1 first', () => {
    expect(aspectRatios).toEqual(['1:1', '16:9', '4:3', '3:2']);
  });
});
