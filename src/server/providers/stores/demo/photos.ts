import sharp from 'sharp';
import '#server/lib/sharp-settings.ts';
import { SingleFlight } from '#server/lib/single-flight.ts';
import type { Storage } from '../../storage/storage.ts';
import { DEMO_PHOTO_SIZE, type DemoHandle, type DemoProduct } from './catalogue.ts';
import { productDrawings, type ProductDrawing } from './product-drawings.ts';

/**
 * The demo catalogue's photos, made by Klipt itself (no downloads): each product's drawing in a
 * packshot studio (a light sweep, a soft key light, a contact shadow), rendered to JPEG by sharp.
 * Photo 1 is the full shot on white; photo 2 a close-up on a backdrop tinted to the product.
 * The same input gives the same bytes, so a cached file never goes stale within a version.
 */

function studioSvg(drawing: ProductDrawing, n: number): string {
  const size = DEMO_PHOTO_SIZE;
  const wall = n === 1 ? ['#fbfbfa', '#ecebe8'] : [drawing.tint, shadeOf(drawing.tint)];
  const { cx, y, halfWidth } = drawing.floor;
  const framing = n === 1 ? fullShot(drawing) : { x: drawing.detail.x, y: drawing.detail.y, scale: 1.6 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1200 1200">
<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
  <radialGradient id="key" cx="0.42" cy="0.38" r="0.62"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></radialGradient>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
  <filter id="ambient" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="28"/></filter>
  <filter id="contact" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="7"/></filter>
  ${drawing.defs}
</defs>
<rect width="1200" height="1200" fill="url(#wall)"/>
<rect width="1200" height="1200" fill="url(#key)"/>
<g transform="translate(600 600) scale(${framing.scale}) translate(${-framing.x} ${-framing.y})">
  <ellipse cx="${cx + 30}" cy="${y + 4}" rx="${halfWidth * 1.15}" ry="${Math.max(18, halfWidth * 0.12)}" fill="#000" opacity="0.22" filter="url(#ambient)"/>
  <ellipse cx="${cx}" cy="${y}" rx="${halfWidth * 0.98}" ry="9" fill="#000" opacity="0.42" filter="url(#contact)"/>
  ${drawing.body}
</g>
<rect width="1200" height="1200" fill="url(#vignette)"/>
</svg>`;
}

/** The whole product filling most of the frame, a little below the middle (the floor shows). */
function fullShot(drawing: ProductDrawing): { x: number; y: number; scale: number } {
  const [left, top, right, bottom] = drawing.bounds;
  const scale = Math.min(1.5, 780 / (bottom - top), 920 / (right - left));
  return { x: (left + right) / 2, y: (top + bottom) / 2 - 20 / scale, scale };
}

/** The backdrop's lower end: the tint a little darker, like a paper sweep falling out of the light. */
function shadeOf(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((c) => Math.round(c * 0.9));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Renders photo n (1-based) of a catalogue product: a DEMO_PHOTO_SIZE square JPEG. */
export async function renderDemoPhoto(product: DemoProduct, n: number): Promise<Buffer> {
  const drawing = productDrawings[product.handle as DemoHandle];
  if (!drawing || n < 1 || n > product.photos.length) throw new Error(`no demo photo ${product.handle}/${n}`);
  return sharp(Buffer.from(studioSvg(drawing, n)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

export const demoPhotoKey = (product: DemoProduct, n: number): string => `demo-store/catalogue/${product.handle}-${n}.jpg`;

const rendering = new SingleFlight<Buffer>();

/**
 * The photo's bytes: from storage once rendered (every workspace shares the catalogue's files),
 * rendered and stored the first time it is asked for.
 */
export function demoPhoto(storage: Storage, product: DemoProduct, n: number): Promise<Buffer> {
  const key = demoPhotoKey(product, n);
  return rendering.run(key, async () => {
    const stored = await storage.get(key);
    if (stored) return stored;
    const rendered = await renderDemoPhoto(product, n);
    await storage.put(key, rendered, { contentType: 'image/jpeg', visibility: 'private' });
    return rendered;
  });
}

const storedKeys = new WeakMap<Storage, Set<string>>();

/** The photo's storage key, once it is certainly there (the storefront signs URLs to it). */
export async function storedDemoPhotoKey(storage: Storage, product: DemoProduct, n: number): Promise<string> {
  const key = demoPhotoKey(product, n);
  let known = storedKeys.get(storage);
  if (!known) storedKeys.set(storage, (known = new Set()));
  if (!known.has(key)) {
    await demoPhoto(storage, product, n);
    known.add(key);
  }
  return key;
}
