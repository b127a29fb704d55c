/**
 * Renders a set of sample pictures with the local renderer (src/local-ai, through the server's adapters), every
 * built-in inspiration's picture (in `inspirations/`) and one video, for looking at while editing it:
 *
 *   npx node scripts/local-renderer-preview.ts [output folder, default /tmp/local-previews]
 *
 * The first picture's time includes loading the renderer.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRequest } from '#server/providers/ai/image-provider.ts';
import { imageInspirationCatalog } from '#server/modules/inspirations/catalog.ts';
import { videoInspirationCatalog } from '#server/modules/inspirations/video-catalog.ts';
import { createLocalImageProvider } from '#server/providers/ai/local-image-provider.ts';
import { createLocalVideoProvider } from '#server/providers/ai/local-video-provider.ts';

const outDir = path.resolve(process.argv[2] ?? '/tmp/local-previews');

function base(prompt: string, seed: number, width = 1024, height = 1024): ImageRequest {
  return {
    mode: 'text',
    modelSlug: 'flux-1.1-pro-ultra',
    prompt,
    negativePrompt: '',
    seed,
    width,
    height,
    aspectRatio: `${width}:${height}`,
  };
}

async function sampleImages() {
  const product = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect x="210" y="120" width="180" height="70" rx="10" fill="#222"/><rect x="160" y="180" width="280" height="520" rx="40" fill="#e0567a"/><rect x="160" y="360" width="280" height="160" fill="#f7e1c8"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  const background = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#87c5e8"/><stop offset="0.6" stop-color="#e9f4f8"/><stop offset="0.61" stop-color="#d9c09a"/><stop offset="1" stop-color="#b08a5a"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><circle cx="900" cy="200" r="60" fill="#fff6d0"/></svg>`,
    ),
  )
    .jpeg()
    .toBuffer();
  const outfit = await sharp({ create: { width: 500, height: 800, channels: 3, background: '#f4f4f4' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="800"><defs><pattern id="s" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#2d5da8"/><rect width="16" height="40" fill="#ffffff"/></pattern></defs><path d="M170 60L330 60L350 300L460 760L40 760L150 300Z" fill="url(#s)"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  return { product, background, outfit };
}

const provider = createLocalImageProvider();
const { product, background, outfit } = await sampleImages();
const samples: Array<[string, ImageRequest]> = [
  ['01-red-sneaker-beach-sunset', base('red sneaker on a beach at sunset', 42)],
  ['02-luxury-perfume-marble', base('luxury black perfume bottle on marble, gold accents', 7)],
  ['03-teal-mug-kitchen', base('teal ceramic coffee mug on a wooden kitchen counter, cozy morning', 3, 1024, 768)],
  ['04-watch-city-night', base('silver watch, city skyline at night', 11, 1024, 576)],
  ['05-candle-forest', base('scented candle in a pine forest, fresh', 5, 1024, 683)],
  ['06-minimal-serum', base('minimal pastel pink serum dropper bottle, studio', 19)],
  ['07-playful-headphones', base('playful yellow headphones with confetti', 23)],
  ['08-unknown-prompt', base('a quiet sense of wonder', 99)],
  ['09-mountains-landscape', base('snowy mountains at sunset', 8, 1024, 576)],
  ['09b-tropical-beach', base('tropical beach in the morning', 14, 1024, 768)],
  ['09c-ring-luxury', base('diamond engagement ring, luxury', 6)],
  ['09d-soap-wood', base('handmade soap on a wooden table, minimal', 9, 1024, 768)],
  ['10-neon-sneaker', base('neon cyberpunk sneaker', 31)],
  ['11-bag-desert', base('brown leather handbag in the desert', 4, 1024, 768)],
  ['12-lipstick-bathroom', base('lipstick on a bathroom vanity, spa', 12)],
  ['13-product-studio', { ...base('soft peach studio', 1), mode: 'product', modelSlug: 'ai-product-photo-editor', productImage: product }],
  [
    '13b-product-scene',
    { ...base('on a marble counter beside fresh lemons', 2), mode: 'product', modelSlug: 'ai-product-photo-editor', productImage: product },
  ],
  ['13c-mug-not-plants', base(imageInspirationCatalog[12]?.prompt ?? '', 1000 + 12 * 7919)],
  ['13d-labelled-carton', base(imageInspirationCatalog[3]?.prompt ?? '', 1000 + 3 * 7919)],
  [
    '14-product-background',
    {
      ...base('', 2, 1024, 768),
      mode: 'product',
      modelSlug: 'ai-product-photo-editor',
      productImage: product,
      backgroundImage: background,
    },
  ],
  ['15-tryon', { ...base('cloth,dress,stripes,lace', 3, 683, 1024), mode: 'tryon', modelSlug: 'segfit-v1.1', outfitImage: outfit }],
  ...(['character', 'product', 'style', 'general'] as const).map((type, i): [string, ImageRequest] => [
    `${16 + i}-trained-${type}`,
    {
      ...base('TOK on a podium in spring', 5),
      mode: 'trained',
      modelSlug: 'flux-pro-finetuned',
      trained: {
        finetuneId: `ft-${type}-${i}`,
        finetuneStrength: 1.1,
        safetyTolerance: 2,
        outputFormat: 'png',
        imagePromptStrength: 0.1,
        name: `Brand ${type} ${i}`,
        type,
        triggerWord: 'TOK',
      },
    },
  ]),
];

// What the built-in inspirations show, rendered as their seed renders them (image seed, then video pictures).
for (const [i, { prompt }] of imageInspirationCatalog.entries())
  samples.push([`inspirations/image-${i}`, base(prompt, 1000 + i * 7919, 768, 768)]);
for (const [i, { picture }] of videoInspirationCatalog.entries())
  samples.push([`inspirations/video-${i}`, base(picture, 2000 + i * 7919, 512, 512)]);

await mkdir(path.join(outDir, 'inspirations'), { recursive: true });
for (const [name, request] of samples) {
  const started = performance.now();
  const result = await provider.generate(request, { signal: new AbortController().signal });
  const ms = performance.now() - started;
  await writeFile(path.join(outDir, `${name}.png`), result.data);
  process.stdout.write(
    `${name}.png  ${request.width}×${request.height}  ${Math.round(ms)} ms  ${Math.round(result.data.length / 1024)} KB\n`,
  );
}

// The 'Squish It' example, as the video seed makes it.
const [squish] = videoInspirationCatalog;
if (squish) {
  const picture = await provider.generate(base(squish.picture, 2000, 512, 512), { signal: new AbortController().signal });
  const video = await createLocalVideoProvider().generate(
    {
      subject: squish.prompt,
      negativePrompt: '',
      effect: squish.effect,
      image: picture.data,
      seed: 2000,
      videoLength: 3,
      resolution: 360,
      steps: 30,
    },
    { signal: new AbortController().signal },
  );
  await writeFile(path.join(outDir, `video-${squish.effect}.mp4`), video.data);
  process.stdout.write(`video-${squish.effect}.mp4\n`);
}
