import os from 'node:os';
import sharp from 'sharp';
import type { AdLayoutId, AdSizeId } from '#contracts/ad-formats.ts';
import { adLayoutIds } from '#contracts/ad-formats.ts';
import { renderAd, type AdBrand } from '#server/modules/ads/render/render-ad.ts';
import { percentile, type Measure } from '../lib.ts';

const ITEMS = 20;
const SIZES: AdSizeId[] = ['square-feed', 'story', 'facebook-ad'];
const PHOTO_SIZE = 1024;

/**
 * A photo-like klip image, PNG: a soft studio gradient with sensor-like noise (σ ≈ 8 levels, as in
 * a real photo; pure noise would make PNG encoding several times slower than any real photo) and a
 * product in the middle.
 */
async function klipImage(i: number): Promise<Buffer> {
  const raw = Buffer.alloc(PHOTO_SIZE * PHOTO_SIZE * 3);
  let seed = i + 1;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < PHOTO_SIZE; y++) {
    for (let x = 0; x < PHOTO_SIZE; x++) {
      const at = (y * PHOTO_SIZE + x) * 3;
      const level = 205 - (Math.hypot(x - PHOTO_SIZE / 2, y - PHOTO_SIZE * 0.4) / PHOTO_SIZE) * 120 - (i % 5) * 8;
      const noise = (random() + random() + random() - 1.5) * 8;
      raw[at] = level + noise + 10;
      raw[at + 1] = level + noise;
      raw[at + 2] = level + noise - 12;
    }
  }
  const product = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}">` +
      `<rect x="352" y="256" width="320" height="512" rx="40" fill="hsl(${(i * 37) % 360},65%,55%)"/></svg>`,
  );
  return sharp(raw, { raw: { width: PHOTO_SIZE, height: PHOTO_SIZE, channels: 3 } })
    .composite([{ input: product }])
    .png()
    .toBuffer();
}

const TEXTS = [
  { headline: 'Fresh bottles for every desk', subline: 'Free shipping on orders over $50', price: '$24.99', cta: 'Shop now' },
  { headline: 'تخفيض ٥٠٪ اليوم', subline: 'شحن مجاني', price: '٩٩ ر.س', cta: 'تسوق الآن' },
  { headline: '今日だけ半額セール', subline: '送料無料', price: '¥2,980', cta: '今すぐ購入' },
  {
    headline: 'The only mug I use every single morning — it keeps coffee hot for hours',
    subline: '— Maria, Lisbon',
    price: '€18',
    cta: 'Buy',
  },
];

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * The ad renderer on its own (no HTTP, no database): 20 klips × 3 sizes, layouts in turn, with a
 * brand kit (Poppins heading, Lora body, two colours, a logo) and a product box. Fonts are parsed
 * once before timing, as a running server has them cached.
 */
export async function measureAds(): Promise<Measure[]> {
  const images = await Promise.all(Array.from({ length: ITEMS }, (_, i) => klipImage(i)));
  const logo = await sharp({ create: { width: 400, height: 160, channels: 4, background: { r: 20, g: 20, b: 20, alpha: 1 } } })
    .png()
    .toBuffer();
  const brand: AdBrand = {
    colors: [
      { name: 'Navy', hex: '#1E3A8A' },
      { name: 'Sun', hex: '#FFD400' },
    ],
    headingFont: { catalog: 'poppins' },
    bodyFont: { catalog: 'lora' },
    logos: { dark: logo },
  };
  const productBox = { x: 352 / PHOTO_SIZE, y: 256 / PHOTO_SIZE, width: 320 / PHOTO_SIZE, height: 512 / PHOTO_SIZE };
  const job = (i: number, size: AdSizeId) => ({
    image: images[i]!,
    productBox,
    layout: adLayoutIds[i % adLayoutIds.length] as AdLayoutId,
    size,
    texts: TEXTS[i % TEXTS.length]!,
    brand,
  });
  // Warm-up: every font of the run parsed, libvips loaded.
  for (let i = 0; i < TEXTS.length; i++) await renderAd(job(i, 'square-feed'));

  const times: number[] = [];
  const cpuTimes: number[] = [];
  const bySize = new Map<AdSizeId, number[]>();
  const started = performance.now();
  for (let i = 0; i < ITEMS; i++) {
    for (const size of SIZES) {
      const t = performance.now();
      const cpu = process.cpuUsage();
      await renderAd(job(i, size));
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      times.push(ms);
      cpuTimes.push((used.user + used.system) / 1000);
      bySize.set(size, [...(bySize.get(size) ?? []), ms]);
    }
  }
  const total = performance.now() - started;
  return [
    {
      name: 'ad render, one size (p50)',
      value: round(percentile(times, 50)),
      unit: 'ms',
      target: 150,
      better: 'lower',
      detail: {
        renders: times.length,
        // The machine is shared: its 1-minute load average when the run ended says how busy it was.
        loadAvg: round(os.loadavg()[0]!),
        p95: round(percentile(times, 95)),
        // CPU time of the process per render (all threads): close to the wall time on an idle machine.
        cpuP50: round(percentile(cpuTimes, 50)),
        ...Object.fromEntries([...bySize].map(([size, ms]) => [`p50_${size}`, round(percentile(ms, 50))])),
      },
    },
    {
      name: `ad render, ${ITEMS} klips × ${SIZES.length} sizes (total, one after another)`,
      value: round(total / 1000),
      unit: 's',
      better: 'lower',
      detail: { items: ITEMS, sizes: SIZES.join(',') },
    },
  ];
}
