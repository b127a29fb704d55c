import { describe, expect, it } from 'vitest';
import { exportPreset, UPSCALE_MAX_SIDE } from '#contracts/exports.ts';
import { borderPixels, planExport, uniformEdgeColour } from './fit-plan.ts';

describe('planExport', () => {
  it('pads a landscape image into a square frame: full width, centred, equal bands above and below', () => {
    expect(planExport({ width: 96, height: 64 }, exportPreset('shopify-product'), 'pad')).toEqual({
      kind: 'pad',
      frame: { width: 2048, height: 2048 },
      image: { width: 2048, height: 1365 },
      offset: { top: 341, bottom: 342, left: 0, right: 0 },
      background: 'edge',
    });
  });

  it('pads a square image into a wide frame on the left and right, and always on white for Amazon', () => {
    const wide = planExport({ width: 500, height: 500 }, exportPreset('facebook-ad'), 'pad');
    expect(wide).toMatchObject({ image: { width: 628, height: 628 }, offset: { top: 0, bottom: 0, left: 286, right: 286 } });
    expect(planExport({ width: 500, height: 300 }, exportPreset('amazon-main'), 'pad')).toMatchObject({ background: 'white' });
  });

  it('covers the frame with fill, whatever the source', () => {
    expect(planExport({ width: 96, height: 64 }, exportPreset('story'), 'fill')).toEqual({
      kind: 'fill',
      frame: { width: 1080, height: 1920 },
    });
  });

  it('doubles for upscale-2x, ignoring the fit, and caps the long side at UPSCALE_MAX_SIDE', () => {
    const upscale = exportPreset('upscale-2x');
    expect(planExport({ width: 96, height: 64 }, upscale, 'fill')).toEqual({
      kind: 'upscale',
      size: { width: 192, height: 128 },
      capped: false,
    });
    expect(planExport({ width: 4096, height: 2048 }, upscale, 'pad')).toEqual({
      kind: 'upscale',
      size: { width: 8192, height: 4096 },
      capped: false,
    });
    expect(planExport({ width: 5000, height: 3000 }, upscale, 'pad')).toEqual({
      kind: 'upscale',
      size: { width: UPSCALE_MAX_SIDE, height: 4915 },
      capped: true,
    });
  });
});

/** A raw RGB image whose pixel (x, y) is `colour(x, y)`. */
function rawImage(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Uint8Array {
  const raw = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(colour(x, y), (y * width + x) * 3);
  return raw;
}

describe('edge colour', () => {
  it('reads each pixel of the outermost ring once', () => {
    const raw = rawImage(4, 3, (x, y) => (x === 0 || y === 0 || x === 3 || y === 2 ? [1, 2, 3] : [200, 200, 200]));
    const border = borderPixels(raw, { width: 4, height: 3 }, 3);
    expect(border.length / 3).toBe(10);
    expect([...new Set(border)]).toEqual([1, 2, 3]);
  });

  it('is the median of a near-uniform border, noise and a few odd pixels included', () => {
    const raw = rawImage(50, 40, (x, y) => (x === 10 && y === 0 ? [255, 0, 0] : [128 + ((x + y) % 5) - 2, 130, 127]));
    expect(uniformEdgeColour(borderPixels(raw, { width: 50, height: 40 }, 3))).toEqual({ r: 128, g: 130, b: 127 });
  });

  it('is null for a busy border (a gradient), so the caller pads with white', () => {
    const raw = rawImage(50, 40, (x, y) => [x * 5, y * 6, 90]);
    expect(uniformEdgeColour(borderPixels(raw, { width: 50, height: 40 }, 3))).toBeNull();
  });
});
