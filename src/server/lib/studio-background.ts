import sharp from 'sharp';

/**
 * The neutral studio backdrop Klipt supplies when a seller gives the product editor no background
 * (the provider requires one): a soft grey sweep with a slightly darker floor.
 */
export async function neutralStudioBackground(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f4f6"/><stop offset="1" stop-color="#e4e4e9"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dcdce2"/><stop offset="1" stop-color="#cfcfd6"/></linearGradient>
    <radialGradient id="light" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#wall)"/>
  <rect y="${Math.round(height * 0.68)}" width="100%" height="${Math.round(height * 0.32)}" fill="url(#floor)"/>
  <rect width="100%" height="100%" fill="url(#light)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
