/** Real image bytes for the fakes, rendered with sharp, so adapters can be checked for returning them unchanged. */

import sharp from 'sharp';

export async function makePng(width = 64, height = 48, background = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export async function makeJpeg(width = 64, height = 48, background = '#2980b9'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function makeWebp(width = 64, height = 48, background = '#27ae60'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();
}
