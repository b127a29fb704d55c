/**
 * Separates a product (or garment) from a plain background: uses the picture's own transparency
 * when it has some, otherwise flood-fills from the border through pixels close to the border's
 * colour, with a soft ramp so edges stay smooth. Busy backgrounds are left alone (the caller then
 * shows the picture as a card).
 */
import type { Rgb } from './colour.ts';
import type { RawImage } from './raster.ts';

export interface Cutout {
  /** RGBA, cropped to the subject. */
  image: RawImage;
  /** The background was removed (or was already transparent). */
  isolated: boolean;
  /** Mean colour of the subject's opaque pixels. */
  average: Rgb;
}

function borderIndices(width: number, height: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < width; x++) out.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) out.push(y * width, y * width + width - 1);
  return out;
}

function median(values: Uint32Array, total: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += values[v] ?? 0;
    if (seen * 2 >= total) return v;
  }
  return 255;
}

/** Rounded corners for a picture shown whole. */
function roundCorners(image: RawImage): void {
  const { data, width, height } = image;
  const r = Math.max(2, Math.round(Math.min(width, height) * 0.04));
  for (let y = 0; y < r; y++) {
    for (let x = 0; x < r; x++) {
      const d = Math.hypot(r - x - 0.5, r - y - 0.5);
      const a = Math.max(0, Math.min(1, r - d + 0.5));
      if (a >= 1) continue;
      for (const [cx, cy] of [
        [x, y],
        [width - 1 - x, y],
        [x, height - 1 - y],
        [width - 1 - x, height - 1 - y],
      ] as const) {
        const i = (cy * width + cx) * 4 + 3;
        data[i] = Math.round((data[i] ?? 255) * a);
      }
    }
  }
}

/** A 3×3 box blur of the alpha channel only: feathers the cut edge by about a pixel. */
function featherAlpha(data: Buffer, width: number, height: number): void {
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3] ?? 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = alpha[i] ?? 0;
      // Only edges change; skipping flat areas keeps this cheap.
      if ((a === 0 || a === 255) && alpha[i - 1] === a && alpha[i + 1] === a && alpha[i - width] === a && alpha[i + width] === a) continue;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += alpha[i + dy * width + dx] ?? 0;
      data[i * 4 + 3] = Math.round(sum / 9);
    }
  }
}

function crop(image: RawImage, x0: number, y0: number, x1: number, y1: number): RawImage {
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * image.width + x0) * 4;
    image.data.copy(out, y * width * 4, from, from + width * 4);
  }
  return { data: out, width, height, channels: 4 };
}

function finish(image: RawImage, isolated: boolean): Cutout {
  const { data, width, height } = image;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  let r = 0;
  let g = 0;
  let b = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = data[i + 3] ?? 0;
      if (a < 24) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (a > 200) {
        r += data[i] ?? 0;
        g += data[i + 1] ?? 0;
        b += data[i + 2] ?? 0;
        count++;
      }
    }
  }
  const average = count > 0 ? { r: Math.round(r / count), g: Math.round(g / count), b: Math.round(b / count) } : { r: 128, g: 128, b: 128 };
  if (x1 < 0) return { image, isolated, average };
  return { image: crop(image, x0, y0, x1, y1), isolated, average };
}

export function cutOut(source: RawImage): Cutout {
  if (source.channels !== 4) throw new Error('cutOut needs RGBA');
  const image: RawImage = { ...source, data: Buffer.from(source.data) };
  const { data, width, height } = image;
  const pixels = width * height;

  let translucent = 0;
  for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 255) < 250) translucent++;
  if (translucent > pixels * 0.01 && translucent < pixels * 0.995) return finish(image, true);

  const border = borderIndices(width, height);
  const bg = [0, 1, 2].map((c) => {
    const hist = new Uint32Array(256);
    for (const p of border) {
      const v = data[p * 4 + c] ?? 0;
      hist[v] = (hist[v] ?? 0) + 1;
    }
    return median(hist, border.length);
  });
  const [bgR = 0, bgG = 0, bgB = 0] = bg;
  const distance = (p: number) => {
    const dr = (data[p * 4] ?? 0) - bgR;
    const dg = (data[p * 4 + 1] ?? 0) - bgG;
    const db = (data[p * 4 + 2] ?? 0) - bgB;
    return Math.sqrt(dr * dr + dg * dg + db * db);
  };

  const borderDistances = border.map(distance).sort((a, b) => a - b);
  const uniform = borderDistances.filter((d) => d < 30).length / border.length;
  if (uniform < 0.6) {
    roundCorners(image);
    return finish(image, false);
  }
  // Thresholds follow the background's own noise (JPEG ringing, paper texture, soft gradients).
  const noise = borderDistances[Math.floor(borderDistances.length * uniform * 0.9)] ?? 0;
  const low = Math.max(14, noise * 1.4);
  const high = low + 34;

  const visited = new Uint8Array(pixels);
  const stack = new Int32Array(pixels);
  let top = 0;
  for (const p of border) {
    if (!visited[p] && distance(p) < high) {
      visited[p] = 1;
      stack[top++] = p;
    }
  }
  let removed = 0;
  while (top > 0) {
    const p = stack[--top] ?? 0;
    const d = distance(p);
    const a = d <= low ? 0 : (d - low) / (high - low);
    const alpha = a * a * (3 - 2 * a);
    if (alpha < 1) {
      // Take the background's colour out of semi-transparent edge pixels, so no halo remains.
      if (alpha > 0.05) {
        for (let c = 0; c < 3; c++) {
          const v = ((data[p * 4 + c] ?? 0) - (1 - alpha) * (bg[c] ?? 0)) / alpha;
          data[p * 4 + c] = Math.max(0, Math.min(255, Math.round(v)));
        }
      }
      data[p * 4 + 3] = Math.round(255 * alpha);
      removed++;
    }
    const x = p % width;
    const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
    for (const q of neighbours) {
      if (q < 0 || q >= pixels || visited[q]) continue;
      visited[q] = 1;
      if (distance(q) < high) stack[top++] = q;
    }
  }
  if (pixels - removed < pixels * 0.005) {
    // Nothing but background: show the picture whole rather than nothing.
    const whole: RawImage = { ...source, data: Buffer.from(source.data) };
    roundCorners(whole);
    return finish(whole, false);
  }
  featherAlpha(data, width, height);
  return finish(image, true);
}
