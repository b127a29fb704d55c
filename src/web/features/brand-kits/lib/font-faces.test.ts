import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogFonts } from '#contracts/brand-fonts.ts';
import { fontFixture, FONT_ID } from '../testing/fixtures.ts';
import { fontFamilyOf, fontStackOf, loadAllFonts, loadKitFont } from './font-faces.ts';

/** What the page asked the FontFace API for: family, source and weight of every face made. */
const made: { family: string; source: string; weight: string | undefined }[] = [];
const added: unknown[] = [];
let failNext = false;

class FakeFontFace {
  constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
    made.push({ family, source, weight: descriptors.weight });
  }
  load(): Promise<FakeFontFace> {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('network'));
    }
    return Promise.resolve(this);
  }
}

beforeAll(() => {
  vi.stubGlobal('FontFace', FakeFontFace);
  Object.defineProperty(document, 'fonts', { value: { add: (face: unknown) => added.push(face) }, configurable: true });
});
afterAll(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'fonts');
});
beforeEach(() => {
  made.length = 0;
  added.length = 0;
});

describe('kit fonts in the browser', () => {
  it('loads a catalogue font from its bundled TTF files, regular and bold, under a family of its own, once', async () => {
    await loadKitFont({ kind: 'catalog', id: 'lora' }, []);
    expect(made).toEqual([
      { family: 'klipt-kit-lora', source: expect.stringMatching(/^url\(".*Lora_400Regular.*\.ttf.*"\)$/), weight: '400' },
      { family: 'klipt-kit-lora', source: expect.stringMatching(/^url\(".*Lora_700Bold.*\.ttf.*"\)$/), weight: '700' },
    ]);
    expect(added).toHaveLength(2);
    await loadKitFont({ kind: 'catalog', id: 'lora' }, []);
    expect(made).toHaveLength(2);
    expect(fontStackOf({ kind: 'catalog', id: 'lora' })).toBe('"klipt-kit-lora", ui-serif, Georgia, serif');
  });

  it('gives a family with one file every weight, and an uploaded font its address', async () => {
    await loadKitFont({ kind: 'catalog', id: 'bebas-neue' }, []);
    await loadKitFont({ kind: 'uploaded', id: FONT_ID }, [fontFixture()]);
    expect(made).toEqual([
      { family: 'klipt-kit-bebas-neue', source: expect.stringContaining('BebasNeue_400Regular'), weight: '100 900' },
      { family: fontFamilyOf({ kind: 'uploaded', id: FONT_ID }), source: 'url("/files/fonts/candle-serif.otf?sig=1")', weight: '100 900' },
    ]);
  });

  it('loads only the regular files for a picker’s previews', () => {
    loadAllFonts([]);
    expect(made.every((f) => !f.source.includes('Bold'))).toBe(true);
    // Lora and Bebas Neue are loaded already (above).
    expect(new Set(made.map((f) => f.family)).size).toBe(catalogFonts.length - 2);
  });

  it('tries a font again after its file failed to load', async () => {
    // Oswald's regular file is loaded (the picker, above); its bold one fails once.
    failNext = true;
    await loadKitFont({ kind: 'catalog', id: 'oswald' }, []);
    expect(added).toHaveLength(0);
    await loadKitFont({ kind: 'catalog', id: 'oswald' }, []);
    expect(made.map((f) => f.source)).toEqual([expect.stringContaining('Oswald_700Bold'), expect.stringContaining('Oswald_700Bold')]);
    expect(added).toHaveLength(1);
  });
});
