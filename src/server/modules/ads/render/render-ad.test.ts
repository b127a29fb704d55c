import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adLayout, adLayoutIds, adSize, adSlotMessages, type AdLayoutId, type AdSizeId } from '#contracts/ad-formats.ts';
import { AppError } from '#server/lib/app-error.ts';
import { planCover } from './frame.ts';
import { contains, intersects, type Rect } from './geometry.ts';
import { renderAd, type AdBrand, type RenderedAd } from './render-ad.ts';

const GREY = { r: 128, g: 128, b: 128 };
const NAVY = '#1E3A8A';
const SUN = { r: 0xff, g: 0xd4, b: 0x00 };
const MAGENTA = { r: 255, g: 0, b: 255 };
const GREEN = { r: 0, g: 255, b: 0 };

const uniformBase = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: GREY } })
  .png()
  .toBuffer();
/** A grey base with a pure green product in the middle (its box: x 0.35..0.65, y 0.3..0.7). */
const PRODUCT_BOX = { x: 0.35, y: 0.3, width: 0.3, height: 0.4 };
const productBase = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: GREY } })
  .composite([
    {
      input: await sharp({ create: { width: 300, height: 400, channels: 3, background: GREEN } })
        .png()
        .toBuffer(),
      left: 350,
      top: 300,
    },
  ])
  .png()
  .toBuffer();
const magentaLogo = await sharp({ create: { width: 300, height: 120, channels: 4, background: { ...MAGENTA, alpha: 1 } } })
  .png()
  .toBuffer();

const brand = (extra: Partial<AdBrand> = {}): AdBrand => ({
  colors: [
    { name: 'Navy', hex: NAVY },
    { name: 'Sun', hex: '#FFD400' },
  ],
  headingFont: { catalog: 'montserrat' },
  bodyFont: { catalog: 'inter' },
  ...extra,
});

const texts = { headline: 'Fresh bottles for every desk', subline: 'Free shipping over $50', price: '$24.99', cta: 'Shop now' };

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function pixelsOf(ad: RenderedAd): Promise<Pixels> {
  const { data, info } = await sharp(ad.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Pixels of exactly one colour, counted inside and outside a set of rectangles. */
function count(p: Pixels, colour: { r: number; g: number; b: number }, where: (x: number, y: number) => boolean): number {
  let n = 0;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * p.channels;
      if (p.data[i] === colour.r && p.data[i + 1] === colour.g && p.data[i + 2] === colour.b && where(x, y)) n++;
    }
  }
  return n;
}

const inside = (r: Rect) => (x: number, y: number) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
const drawnRects = (ad: RenderedAd): Rect[] => [
  ...Object.values(ad.texts),
  ...ad.shapes.map((s) => s.rect),
  ...(ad.logo ? [ad.logo.rect] : []),
];
const outsideAll = (rects: Rect[]) => (x: number, y: number) => !rects.some((r) => inside(r)(x, y));

const withHeadingFont = (headingFont: AdBrand['headingFont']) =>
  renderAd({ image: uniformBase, layout: 'bottom-bar', size: 'square-feed', texts, brand: brand({ headingFont }) }).then(pixelsOf);

describe('renderAd', () => {
  it('draws the logo in its corner: magenta only there', async () => {
    const ad = await renderAd({
      image: uniformBase,
      layout: 'logo-corner',
      size: 'square-feed',
      texts: {},
      brand: brand({ logos: { dark: magentaLogo } }),
    });
    expect(ad).toMatchObject({ mimeType: 'image/png', width: 1080, height: 1080 });
    const logo = ad.logo!.rect;
    // Top-left corner, padded, 12–18% of the short side along its longer side.
    expect(logo.x).toBeGreaterThan(0);
    expect(logo.x + logo.width).toBeLessThan(1080 * 0.3);
    expect(logo.y).toBeGreaterThan(0);
    expect(logo.y + logo.height).toBeLessThan(1080 * 0.3);
    expect(logo.width / 1080).toBeGreaterThanOrEqual(0.12);
    expect(logo.width / 1080).toBeLessThanOrEqual(0.18);
    const p = await pixelsOf(ad);
    expect(p.width).toBe(1080);
    expect(count(p, MAGENTA, inside(logo))).toBeGreaterThan(logo.width * logo.height * 0.95);
    expect(count(p, MAGENTA, outsideAll([logo]))).toBe(0);
  });

  it('picks the logo variant that stands out from what it sits on', async () => {
    const white = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const black = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const darkLogo = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#101010' } })
      .png()
      .toBuffer();
    const lightLogo = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#f0f0f0' } })
      .png()
      .toBuffer();
    const logos = { light: lightLogo, dark: darkLogo };
    const onWhite = await renderAd({ image: white, layout: 'logo-corner', size: 'square-feed', texts: {}, brand: brand({ logos }) });
    const onBlack = await renderAd({ image: black, layout: 'logo-corner', size: 'square-feed', texts: {}, brand: brand({ logos }) });
    expect(onWhite.logo?.variant).toBe('dark');
    expect(onBlack.logo?.variant).toBe('light');
  });

  it("writes the headline in the kit's contrasting colour, inside its rectangle, and draws nothing it does not report", async () => {
    const ad = await renderAd({ image: uniformBase, layout: 'bottom-bar', size: 'square-feed', texts, brand: brand() });
    const headline = ad.texts.headline!;
    const p = await pixelsOf(ad);
    expect(count(p, SUN, inside(headline))).toBeGreaterThan(headline.width * headline.height * 0.05);
    const drawn = drawnRects(ad);
    // The headline colour never leaves the reported rectangles, and the base is untouched outside them.
    expect(count(p, SUN, outsideAll(drawn))).toBe(0);
    let outsideArea = 0;
    for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) if (outsideAll(drawn)(x, y)) outsideArea++;
    expect(outsideArea).toBeGreaterThan(1080 * 1080 * 0.5);
    expect(count(p, GREY, outsideAll(drawn))).toBe(outsideArea);
  });

  it("keeps a story's top 14% and bottom 20% free for every layout, with and without a product box", async () => {
    const story = adSize('story');
    const topRows = Math.ceil(story.height * 0.14);
    const bottomFrom = Math.floor(story.height * 0.8);
    for (const layout of adLayoutIds) {
      for (const productBox of [null, PRODUCT_BOX]) {
        const ad = await renderAd({
          image: uniformBase,
          productBox,
          layout,
          size: 'story',
          texts: { ...texts, headline: 'A long headline that wraps over several lines and wants as much room as it can get' },
          brand: brand({ logos: { dark: magentaLogo } }),
        });
        const p = await pixelsOf(ad);
        const zone = (x: number, y: number) => y < topRows || y >= bottomFrom;
        expect(count(p, GREY, zone), `${layout} ${productBox ? 'with' : 'without'} product`).toBe(
          story.width * (topRows + story.height - bottomFrom),
        );
        for (const r of drawnRects(ad)) {
          expect(r.y, layout).toBeGreaterThanOrEqual(topRows);
          expect(r.y + r.height, layout).toBeLessThanOrEqual(bottomFrom);
        }
      }
    }
  });

  it.each([
    ['amazon-main', adSlotMessages.amazonMain],
    ['google-shopping', adSlotMessages.googleShopping],
  ] as const)('refuses %s with its message before reading any pixel', async (size, message) => {
    // Bytes that are no image: had the renderer read them, it would fail with another error.
    const attempt = renderAd({ image: Buffer.from('not an image'), layout: 'bottom-bar', size, texts, brand: brand() });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message });
  });

  it('keeps a 300-character headline inside its rectangle, its panel and the canvas', async () => {
    const long = 'Handmade ceramic mugs glazed in small batches '.repeat(7).slice(0, 300);
    expect(long).toHaveLength(300);
    for (const layout of ['bottom-bar', 'sale-banner', 'quote', 'story', 'price-badge'] as const) {
      for (const size of ['square-feed', 'facebook-ad', 'story'] as const) {
        const ad = await renderAd({ image: uniformBase, layout, size, texts: { ...texts, headline: long }, brand: brand() });
        const headline = ad.texts.headline;
        expect(headline, `${layout} ${size}`).toBeDefined();
        expect(contains({ x: 0, y: 0, width: ad.width, height: ad.height }, headline!)).toBe(true);
        expect(
          ad.shapes.some((s) => (s.kind === 'band' || s.kind === 'card') && contains(s.rect, headline!)),
          `${layout} ${size}`,
        ).toBe(true);
        const p = await pixelsOf(ad);
        // Ink of the text colour only inside reported rectangles (the headline's own and its neighbours').
        expect(count(p, SUN, outsideAll(drawnRects(ad))), `${layout} ${size}`).toBe(0);
        expect(count(p, SUN, inside(headline!))).toBeGreaterThan(0);
      }
    }
  });

  it("never puts text or the logo over the product's box, and leaves every product pixel as it was", async () => {
    const sizes: AdSizeId[] = ['square-feed', 'instagram-post', 'story', 'facebook-ad'];
    for (const size of sizes) {
      const frame = adSize(size);
      const product = planCover({ width: 1000, height: 1000 }, frame, PRODUCT_BOX).product!;
      // The bare base (logo-corner without a logo draws nothing) has this many product pixels.
      const bare = await renderAd({ image: productBase, productBox: PRODUCT_BOX, layout: 'logo-corner', size, texts: {}, brand: brand() });
      const greenBare = count(await pixelsOf(bare), GREEN, () => true);
      expect(greenBare).toBeGreaterThan(0);
      for (const layout of adLayoutIds as readonly AdLayoutId[]) {
        const ad = await renderAd({
          image: productBase,
          productBox: PRODUCT_BOX,
          layout,
          size,
          texts,
          brand: brand({ logos: { dark: magentaLogo } }),
        });
        for (const r of drawnRects(ad)) expect(intersects(r, product), `${layout} ${size} ${JSON.stringify(r)}`).toBe(false);
        expect(
          count(await pixelsOf(ad), GREEN, () => true),
          `${layout} ${size}`,
        ).toBe(greenBare);
        // Every layout with texts still draws some beside the product.
        expect(layout === 'logo-corner' || Object.keys(ad.texts).length > 0, `${layout} ${size}`).toBe(true);
      }
    }
  });

  it('splits the story layout into a card above and one below a product in the middle, so every text is drawn', async () => {
    const ad = await renderAd({ image: productBase, productBox: PRODUCT_BOX, layout: 'story', size: 'story', texts, brand: brand() });
    const product = planCover({ width: 1000, height: 1000 }, adSize('story'), PRODUCT_BOX).product!;
    expect(ad.omitted).toEqual([]);
    expect(Object.keys(ad.texts).toSorted()).toEqual(['cta', 'headline', 'price', 'subline']);
    const cards = ad.shapes.filter((s) => s.kind === 'card').map((s) => s.rect);
    expect(cards).toHaveLength(2);
    expect(cards.some((c) => c.y + c.height <= product.y)).toBe(true);
    expect(cards.some((c) => c.y >= product.y + product.height)).toBe(true);
  });

  it('uses an uploaded font given as bytes: the same ink as the catalogue font, other ink for another font', async () => {
    const { readFile } = await import('node:fs/promises');
    const montserrat = await readFile('node_modules/@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf');
    const bebas = await readFile('node_modules/@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf');
    const [catalogue, uploaded, other] = await Promise.all([
      withHeadingFont({ catalog: 'montserrat' }),
      withHeadingFont({ data: montserrat }),
      withHeadingFont({ data: bebas }),
    ]);
    expect(uploaded.data.equals(catalogue.data)).toBe(true);
    expect(other.data.equals(catalogue.data)).toBe(false);
  });

  it('refuses font bytes that are no font', async () => {
    const attempt = renderAd({
      image: uniformBase,
      layout: 'bottom-bar',
      size: 'square-feed',
      texts,
      brand: brand({ headingFont: { data: Buffer.from('nope') } }),
    });
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('renders Arabic and Japanese with a Latin brand font: ink in the headline', async () => {
    for (const headline of ['تخفيض ٥٠٪ اليوم', '今日だけ半額セール']) {
      const ad = await renderAd({ image: uniformBase, layout: 'bottom-bar', size: 'square-feed', texts: { headline }, brand: brand() });
      const rect = ad.texts.headline!;
      expect(count(await pixelsOf(ad), SUN, inside(rect)), headline).toBeGreaterThan(rect.width * rect.height * 0.05);
    }
  });

  it('draws no empty band or card when a layout gets none of its texts', async () => {
    for (const layout of adLayoutIds) {
      const ad = await renderAd({
        image: uniformBase,
        layout,
        size: 'square-feed',
        // A text the layout does not draw is ignored.
        texts: adLayout(layout).fields.includes('price') ? { headline: ' ' } : { price: '$5' },
      });
      expect(ad.shapes, layout).toEqual([]);
      expect(
        count(await pixelsOf(ad), GREY, () => true),
        layout,
      ).toBe(1080 * 1080);
    }
  });

  it('draws with the default look without a brand kit', async () => {
    const ad = await renderAd({ image: uniformBase, layout: 'bottom-bar', size: 'facebook-ad', texts });
    const p = await pixelsOf(ad);
    expect(count(p, { r: 255, g: 255, b: 255 }, inside(ad.texts.headline!))).toBeGreaterThan(0);
    expect(count(p, { r: 0x1f, g: 0x23, b: 0x28 }, inside(ad.shapes[0]!.rect))).toBeGreaterThan(0);
  });
});
