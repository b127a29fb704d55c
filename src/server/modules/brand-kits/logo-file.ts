import sharp from 'sharp';
import { BRAND_LOGO_MAX_BYTES, BRAND_LOGO_MAX_SIDE, BRAND_LOGO_SVG_MAX_BYTES, brandKitMessages } from '#contracts/brand-kits.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { inspectImage, renderLogo } from '../../lib/images.ts';
import { looksLikeSvg, safeSvgText } from './svg-logo.ts';

/** A logo as it is stored: always a PNG raster, whatever was uploaded. */
export interface LogoRaster {
  data: Buffer;
  width: number;
  height: number;
}

export const LOGO_CONTENT_TYPE = 'image/png';

/**
 * Checks an uploaded logo and turns it into the PNG that is stored (docs/product-rules.md#brand-kits):
 * at most BRAND_LOGO_MAX_BYTES (413); PNG, JPEG or WebP as libvips decodes them (anything else 415,
 * whatever its name); SVG up to BRAND_LOGO_SVG_MAX_BYTES, refused when it could run or load
 * anything (svg-logo.ts, 400), then rasterised. The long side is at most BRAND_LOGO_MAX_SIDE px and
 * transparency is kept.
 */
export async function prepareLogo(data: Buffer): Promise<LogoRaster> {
  if (data.length > BRAND_LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', brandKitMessages.logoTooLarge);
  if (looksLikeSvg(data)) return rasteriseSvg(data);
  await inspectImage(data, { formats: ['png', 'jpeg', 'webp'], notImageMessage: brandKitMessages.logoType });
  return renderLogo(data, { maxSide: BRAND_LOGO_MAX_SIDE });
}

async function rasteriseSvg(data: Buffer): Promise<LogoRaster> {
  if (data.length > BRAND_LOGO_SVG_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', brandKitMessages.svgLogoTooLarge);
  const svg = Buffer.from(safeSvgText(data));
  try {
    // The size the SVG declares at 72 dpi; the density then draws its long side at the stored size.
    const meta = await sharp(svg, { limitInputPixels: false }).metadata();
    if (meta.format !== 'svg' || !meta.width || !meta.height) throw new Error('not an SVG drawing');
    const density = Math.min(10_000, Math.max(1, (72 * BRAND_LOGO_MAX_SIDE) / Math.max(meta.width, meta.height)));
    return await renderLogo(svg, { maxSide: BRAND_LOGO_MAX_SIDE, density });
  } catch (err) {
    if (isAppError(err) && err.status === 413) throw err;
    throw new AppError('BAD_REQUEST', brandKitMessages.logoUnreadable);
  }
}
