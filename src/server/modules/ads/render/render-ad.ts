/**
 * The ad renderer (docs/architecture.md#ad-rendering): a klip's image, a layout, texts, a size and a
 * brand kit in, the ad's image out. Pure: no database, no HTTP, no machine fonts.
 *
 *   const ad = await renderAd({
 *     image,                                   // the klip's stored image bytes (PNG, JPEG or WebP)
 *     productBox: { x: 0.3, y: 0.2, width: 0.4, height: 0.6 } | null, // fractions of the image; text avoids it
 *     layout: 'bottom-bar',                    // an AdLayoutId (src/contracts/ad-formats.ts)
 *     size: 'story',                           // an AdSizeId; amazon-main and google-shopping are refused
 *     texts: { headline, subline, price, cta },// any may be missing; each layout draws only its own fields
 *     brand: {                                 // optional: without it Montserrat/Inter, near-black and white
 *       colors: kit.colors,                    // [{ name, hex }]: the first paints bars and badges (colors.ts)
 *       headingFont: { catalog: 'montserrat' } | { data: fontBytes, cacheKey: fontId },
 *       bodyFont: { catalog: 'inter' },
 *       logos: { light: pngBytes, dark: pngBytes }, // either may be missing; the one that stands out is drawn
 *     },
 *   });
 *   ad.data       // PNG bytes, ad.width × ad.height (the size's pixels)
 *   ad.texts      // { headline?: Rect, ... } where each text's ink lies; absent when not drawn
 *   ad.logo       // { rect, variant } or null (no logo, or no free corner)
 *   ad.shapes     // bands, cards, badges, buttons, stripes and quote marks drawn, with their rects
 *   ad.omitted    // fields given but not drawn (no room left beside the product)
 *
 * Throws AppError VALIDATION_FAILED (400) with the size's own message for a size that refuses
 * overlays (before any pixel is read), VALIDATION_FAILED with `fontUnreadable` for font bytes
 * fontkit cannot read, and UNSUPPORTED_MEDIA_TYPE with `logoUnreadable` for a logo that cannot be decoded.
 */
import sharp from 'sharp';
import { adLayout, adLayoutIds, adSize, adSizeIds, type AdLayoutId, type AdSizeId, type AdTextField } from '#contracts/ad-formats.ts';
import { DEFAULT_BODY_FONT, DEFAULT_HEADING_FONT } from '#contracts/brand-fonts.ts';
import type { LogoVariant } from '#contracts/brand-kits.ts';
import { genericMessages } from '#contracts/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import { imageWork, MAX_INPUT_PIXELS } from '#server/lib/images.ts';
import { choosePalette, type AdPalette } from './colors.ts';
import { faceStack, type AdFontSource, type FaceStack } from './fonts.ts';
import { planCover, sourceCrop, stageOf, type ProductBox } from './frame.ts';
import { roundOut, union, type Rect } from './geometry.ts';
import { layoutBuilders, type LayoutContext, type ShapeKind, type TextRole } from './layouts.ts';
import { chooseLogo, cornerOf, logoRect, placeLogoSlot, readLogo, regionLuminance, resizedLogo } from './logo.ts';
import { rectSvg, svgDocument, textSvg } from './svg.ts';
import { fitText } from './text-fit.ts';

export type { AdFontSource } from './fonts.ts';
export type { ProductBox } from './frame.ts';
export type { Rect } from './geometry.ts';

export interface AdBrand {
  colors: readonly { name: string; hex: string }[];
  headingFont: AdFontSource;
  bodyFont: AdFontSource;
  logos?: Partial<Record<LogoVariant, Uint8Array | null>>;
}

export interface RenderAdInput {
  image: Uint8Array;
  productBox?: ProductBox | null;
  layout: AdLayoutId;
  size: AdSizeId;
  texts: Partial<Record<AdTextField, string | null>>;
  brand?: AdBrand | null;
}

export interface RenderedAd {
  data: Buffer;
  mimeType: 'image/png';
  width: number;
  height: number;
  texts: Partial<Record<AdTextField, Rect>>;
  logo: { rect: Rect; variant: LogoVariant } | null;
  shapes: Array<{ kind: ShapeKind | 'quote-mark'; rect: Rect }>;
  omitted: AdTextField[];
}

/** The look without a brand kit. */
export const DEFAULT_BRAND: AdBrand = {
  colors: [
    { name: 'Ink', hex: '#1F2328' },
    { name: 'White', hex: '#FFFFFF' },
  ],
  headingFont: { catalog: DEFAULT_HEADING_FONT },
  bodyFont: { catalog: DEFAULT_BODY_FONT },
};

/**
 * Ads are PNG, like the klip images the local renderer and most providers hand back; compression
 * level 2 encodes several times faster than the default for somewhat larger files.
 */
const AD_PNG = { compressionLevel: 2, adaptiveFiltering: false } as const;

export async function renderAd(input: RenderAdInput): Promise<RenderedAd> {
  if (!adSizeIds.includes(input.size) || !adLayoutIds.includes(input.layout))
    throw new AppError('VALIDATION_FAILED', genericMessages.badRequest);
  const size = adSize(input.size);
  // A channel that refuses overlays is refused before any pixel or font is read.
  if (size.refusesOverlays) throw new AppError('VALIDATION_FAILED', size.refusesOverlays);
  const layout = adLayout(input.layout);
  const brand = input.brand ?? DEFAULT_BRAND;
  const palette = choosePalette(brand.colors.length > 0 ? brand.colors : DEFAULT_BRAND.colors);
  const frame = { width: size.width, height: size.height };

  const image = Buffer.from(input.image.buffer, input.image.byteOffset, input.image.byteLength);
  const source = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const sourceSize = { width: source.autoOrient.width, height: source.autoOrient.height };
  const cover = planCover(sourceSize, frame, input.productBox);
  // The base decodes on libuv's pool while the texts are shaped here.
  const base = imageWork.run(() =>
    sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      // Cut the visible part of the source first, then resize only that to the frame.
      .extract(sourceCrop(cover, sourceSize))
      .resize(frame.width, frame.height, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const logos = Promise.all(
    (['light', 'dark'] as const).flatMap((v) => {
      const data = brand.logos?.[v];
      return data && data.byteLength > 0 ? [readLogo(v, data)] : [];
    }),
  );
  // Settled either way so an early failure never leaves a rejection unhandled; awaited below.
  base.catch(() => {});
  logos.catch(() => {});

  const stage = stageOf(size, cover.product);
  const stacks = new Map<TextRole, FaceStack>();
  const stackFor = (role: TextRole): FaceStack => {
    let s = stacks.get(role);
    if (!s) {
      const font = role === 'heading' ? brand.headingFont : brand.bodyFont;
      s = faceStack(font, { weight: role === 'heading' ? 'bold' : 'regular', italic: role === 'quote' });
      stacks.set(role, s);
    }
    return s;
  };
  const texts: Partial<Record<AdTextField, string>> = {};
  for (const field of layout.fields) {
    const value = input.texts[field]?.trim();
    if (value) texts[field] = value;
  }
  const firstText = texts.headline ?? Object.values(texts)[0] ?? '';
  const ctx: LayoutContext = {
    stage,
    texts,
    rtl: /^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(firstText),
    fit: (text, role, box, options) => fitText(text, stackFor(role), box, options),
  };
  const composition = layoutBuilders[layout.id](ctx);

  const taken = [...composition.shapes.map((s) => s.rect), ...composition.texts.map((t) => t.block.rect)];
  const slot = placeLogoSlot(stage, composition.logo.corners, composition.logo.scale, taken);
  const [{ data: pixels, info }, logoFiles] = await Promise.all([base, logos]);

  let logo: RenderedAd['logo'] = null;
  let logoInput: Buffer | null = null;
  const chosen = slot ? chooseLogo(logoFiles, regionLuminance(pixels, info.width, info.channels, slot)) : null;
  if (slot && chosen) {
    const rect = logoRect(slot, cornerOf(stage, slot), chosen);
    logoInput = await resizedLogo(chosen, rect);
    logo = { rect, variant: chosen.variant };
  }

  const paint = (p: 'surface' | 'text') => palette[p === 'surface' ? 'surface' : 'text'];
  // One SVG over the part of the frame that has anything drawn (librsvg's time grows with the area).
  const drawnArea = taken.reduce<Rect | null>((acc, r) => (acc ? union(acc, r) : r), null);
  const overlay = drawnArea ? clip(roundOut(drawnArea), frame) : null;
  const svg = overlay
    ? svgDocument(overlay, [
        ...composition.shapes.map((s) => rectSvg(s.rect, paint(s.fill), s.radius)),
        ...composition.texts.map((t) => textSvg(t.block, paint(t.fill))),
      ])
    : null;
  const data = await imageWork.run(() =>
    sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .composite([
        ...(svg && overlay ? [{ input: svg, left: overlay.x, top: overlay.y }] : []),
        ...(logo && logoInput ? [{ input: logoInput, left: logo.rect.x, top: logo.rect.y }] : []),
      ])
      .png(AD_PNG)
      .toBuffer(),
  );

  const textRects: Partial<Record<AdTextField, Rect>> = {};
  const shapes: RenderedAd['shapes'] = composition.shapes.map((s) => ({ kind: s.kind, rect: s.rect }));
  for (const t of composition.texts) {
    if (t.field === 'quote-mark') shapes.push({ kind: 'quote-mark', rect: t.block.rect });
    else textRects[t.field] = t.block.rect;
  }
  return {
    data,
    mimeType: 'image/png',
    width: frame.width,
    height: frame.height,
    texts: textRects,
    logo,
    shapes,
    omitted: composition.omitted,
  };
}

function clip(r: Rect, frame: { width: number; height: number }): Rect | null {
  const x = Math.max(0, r.x);
  const y = Math.max(0, r.y);
  const width = Math.min(frame.width, r.x + r.width) - x;
  const height = Math.min(frame.height, r.y + r.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

export type { AdPalette };
