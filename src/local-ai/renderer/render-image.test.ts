import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blackBars } from '#test-support/black-bars.ts';
import { aspectRatios, dimensionsFor } from '#contracts/aspect-ratio.ts';
import { LocalAiError } from '../errors.ts';
import type { LocalImageContext, LocalImageRequest, LocalTrainedModel } from '../requests.ts';
import { parsePromptCues } from './prompt-cues.ts';
import { renderImage } from './render-image.ts';
import { composeTextScene } from './text-scene.ts';
import { deriveTrainedStyle } from './trained-style.ts';

const context = (): LocalImageContext => ({ signal: new AbortController().signal });

function textRequest(overrides: Partial<LocalImageRequest> = {}): LocalImageRequest {
  return {
    mode: 'text',
    prompt: 'red sneaker on a beach at sunset',
    seed: 4242,
    width: 1024,
    height: 1024,
    ...overrides,
  };
}

function trained(overrides: Partial<LocalTrainedModel> = {}): LocalTrainedModel {
  return {
    finetuneId: 'ft-aurora-001',
    finetuneStrength: 1.1,
    name: 'Aurora skincare',
    type: 'general',
    triggerWord: 'AURX',
    ...overrides,
  };
}

const render = async (request: LocalImageRequest) => (await renderImage(request, context())).png;

const shrink = (data: Buffer) => sharp(data).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();
/**
 * Mean absolute difference (0–255) between two pictures shrunk to 32×32 RGB. Shrinking compares
 * composition and colour rather than exact pixels. Measured on this renderer: the same prompt with
 * other seeds differs by about 1–18 (decorations move, the light may switch sides); prompts with
 * cues differ by 29 or more, prompts without cues usually by 20–120 (backdrop colour, stand-in
 * shape and layout all follow the prompt's hash). 20 separates "a variation" from "another picture".
 */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([shrink(a), shrink(b)]);
  let total = 0;
  for (let i = 0; i < x.length; i++) total += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return total / x.length;
}
const DIFFERENT_PICTURES = 20;

async function rawRgb(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  /** Mean colour of the (2r+1)² square around (x, y). */
  const at = (x: number, y: number, r = 2) => {
    let red = 0;
    let green = 0;
    let blue = 0;
    let count = 0;
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const i = ((Math.round(y) + dy) * info.width + Math.round(x) + dx) * 3;
        red += data[i] ?? 0;
        green += data[i + 1] ?? 0;
        blue += data[i + 2] ?? 0;
        count++;
      }
    return { r: red / count, g: green / count, b: blue / count };
  };
  return { width: info.width, height: info.height, at };
}

/** The backdrop's colour: the middle of the top rows. */
const backdropColour = async (png: Buffer) => (await rawRgb(png)).at(512, 40, 8);

const isRed = (c: { r: number; g: number; b: number }) => c.r > 170 && c.g < 80 && c.b < 80;
const isBlue = (c: { r: number; g: number; b: number }) => c.b > 170 && c.r < 80 && c.g < 80;
const isMagenta = (c: { r: number; g: number; b: number }) => c.r > 140 && c.b > 140 && c.g < 100;
const isLemon = (c: { r: number; g: number; b: number }) => c.r > 180 && c.g > 150 && c.b < 110;
const isOrange = (c: { r: number; g: number; b: number }) => c.r > 170 && c.g > 100 && c.g < 200 && c.b < 70;
const brightness = (c: { r: number; g: number; b: number }) => (c.r + c.g + c.b) / 3;

function svgPng(width: number, height: number, body: string): Promise<Buffer> {
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`))
    .png()
    .toBuffer();
}
/** A red square on a white background, like a product photographed on a sweep. */
const redSquareOnWhite = () =>
  svgPng(400, 400, '<rect width="400" height="400" fill="#ffffff"/><rect x="100" y="100" width="200" height="200" fill="#e01010"/>');
const blueBackground = () => svgPng(800, 600, '<rect width="800" height="600" fill="#1030e0"/>');
/** A dress photographed on white: magenta above the waist, orange below. */
const twoToneOutfit = () =>
  svgPng(
    300,
    500,
    '<defs><clipPath id="d"><path d="M110 30L190 30L205 170L270 470L30 470L95 170Z"/></clipPath></defs><rect width="300" height="500" fill="#ffffff"/><g clip-path="url(#d)"><rect width="300" height="250" fill="#e010e0"/><rect y="250" width="300" height="250" fill="#f0a000"/></g>',
  );

/** The words printed on a picture (the carton's label). */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

/** Night, luxury and moody scenes: dark backdrops, a heavy vignette, a black surface. */
const DARK_PROMPTS = [
  'Red lipstick standing on a glossy black surface with a single rose petal, dramatic rim light, luxury editorial mood',
  'beach at night, moody luxury',
  'city at night, moody luxury',
  'studio at night, moody luxury',
  'velvet neon snow',
];

const productRequest = (overrides: Partial<LocalImageRequest>): LocalImageRequest =>
  textRequest({
    mode: 'product',
    prompt: 'on a table',
    width: 1024,
    height: 768,
    ...overrides,
  });

const tryOnRequest = (overrides: Partial<LocalImageRequest>): LocalImageRequest =>
  textRequest({
    mode: 'tryon',
    prompt: 'cloth,dress,stripes,lace',
    width: 683,
    height: 1024,
    ...overrides,
  });

const trainedRequest = (settings: LocalTrainedModel, prompt = 'AURX perfume bottle on a beach'): LocalImageRequest =>
  textRequest({ mode: 'trained', prompt, trained: settings });

describe('local image provider: text', () => {
  it('is deterministic for a request and varies with the seed', async () => {
    const first = await renderImage(textRequest(), context());
    const again = await render(textRequest());
    const otherSeed = await render(textRequest({ seed: 4243 }));
    expect(first.seed).toBe(4242);
    expect(again.equals(first.png)).toBe(true);
    expect(otherSeed.equals(first.png)).toBe(false);
    // Still a variation of the same scene, not another picture.
    expect(await difference(first.png, otherSeed)).toBeLessThan(DIFFERENT_PICTURES);
  });

  it("draws in a brand's palette when given one, and exactly as before without it", async () => {
    const plain = await render(textRequest({ prompt: 'white mug on a table' }));
    expect((await render(textRequest({ prompt: 'white mug on a table', palette: [] }))).equals(plain)).toBe(true);
    const coral = await render(textRequest({ prompt: 'white mug on a table', palette: ['#ff7f6a', '#1d2b53'] }));
    const teal = await render(textRequest({ prompt: 'white mug on a table', palette: ['#1a9e9a', '#f4c430'] }));
    expect(coral.equals(plain)).toBe(false);
    expect(coral.equals(await render(textRequest({ prompt: 'white mug on a table', palette: ['#ff7f6a', '#1d2b53'] })))).toBe(true);
    // The backdrop (the top rows) leans toward the first brand colour.
    const [c, t] = await Promise.all([backdropColour(coral), backdropColour(teal)]);
    expect(c.r).toBeGreaterThan(c.b);
    expect(t.b).toBeGreaterThan(t.r);
  });

  it('draws different prompts as clearly different pictures, including prompts it has no cues for', async () => {
    const pairs: Array<[string, string]> = [
      ['red sneaker on a beach at sunset', 'luxury black perfume bottle on marble'],
      ['teal ceramic mug in a kitchen', 'silver watch, city skyline at night'],
      ['best seller', 'new arrivals'],
    ];
    for (const [a, b] of pairs) {
      const [x, y] = await Promise.all([render(textRequest({ prompt: a })), render(textRequest({ prompt: b }))]);
      expect(await difference(x, y), `${a} vs ${b}`).toBeGreaterThan(DIFFERENT_PICTURES);
    }
  });

  it.each([
    ['1:1', 1024, 1024],
    ['16:9', 1024, 576],
    ['4:3', 1024, 768],
    ['3:2', 1024, 683],
    ['2:3', 683, 1024],
  ])('renders %s at exactly %i×%i as a real PNG', async (aspectRatio, width, height) => {
    const data = await render(textRequest({ width, height, prompt: 'gold watch in a forest' }));
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it.each(aspectRatios.map((ratio) => [ratio, dimensionsFor(ratio, 512)] as const))(
    'fills a %s picture to its edges, in the darkest scenes and on a black background: no black bars',
    async (aspectRatio, { width, height }) => {
      const black = await svgPng(800, 600, '<rect width="800" height="600" fill="#000000"/>');
      const requests = [
        ...DARK_PROMPTS.map((prompt) => textRequest({ prompt, width, height })),
        productRequest({ productImage: await redSquareOnWhite(), backgroundImage: black, width, height }),
      ];
      for (const request of requests) {
        const { data, info } = await sharp(await render(request))
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(blackBars(data, info.width, info.height), `${request.mode}: ${request.prompt}`).toEqual([]);
      }
    },
  );

  it('draws a product it has no drawing of as a carton with its name on the label, for trained product models too', () => {
    const prompt = 'Pastel eyeshadow palette open on a lilac velvet cloth';
    expect(texts(composeTextScene({ prompt, seed: 1, width: 512, height: 512 }).svg)).toEqual(['Pastel', 'eyeshadow', 'palette']);
    const cues = parsePromptCues('yoga mat in a studio');
    const style = deriveTrainedStyle(trained({ type: 'product' }), cues);
    expect(
      texts(composeTextScene({ prompt: 'yoga mat in a studio', seed: 1, width: 512, height: 512 }, { cues, subject: style.subject }).svg),
    ).toEqual(['Yoga', 'mat']);
  });

  it('reports progress in order, ending at 100', async () => {
    const seen: number[] = [];
    await renderImage(textRequest(), { signal: new AbortController().signal, onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([20, 60, 90, 100]);
  });

  it('rejects when the signal is already aborted, or aborted while rendering', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(renderImage(textRequest(), { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const midway = new AbortController();
    const run = renderImage(textRequest(), {
      signal: midway.signal,
      onProgress: (p) => {
        if (p === 20) midway.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses sizes it cannot render', async () => {
    await expect(renderImage(textRequest({ width: 0 }), context())).rejects.toBeInstanceOf(LocalAiError);
    await expect(renderImage(textRequest({ width: 100_000 }), context())).rejects.toBeInstanceOf(LocalAiError);
  });
});

/** The product's height on the seller's own background picture, for a prompt. */
const heightOnBackground = async (prompt: string) => {
  const image = await rawRgb(
    await render(productRequest({ productImage: await redSquareOnWhite(), backgroundImage: await blueBackground(), prompt })),
  );
  let top = 384;
  while (top > 0 && isRed(image.at(512, top - 1, 0))) top--;
  let bottom = 384;
  while (bottom < 767 && isRed(image.at(512, bottom + 1, 0))) bottom++;
  return bottom - top;
};

describe('local image provider: product photo editor', () => {
  it('says where the product stands: its box holds every red pixel of the cut-out, and they fill most of it', async () => {
    const shot = await renderImage(
      productRequest({ productImage: await redSquareOnWhite(), backgroundImage: await blueBackground() }),
      context(),
    );
    const box = shot.productBox!;
    const image = await rawRgb(shot.png);
    const [left, top] = [box.x * image.width, box.y * image.height];
    const [right, bottom] = [left + box.width * image.width, top + box.height * image.height];
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = 0; y < image.height; y += 2)
      for (let x = 0; x < image.width; x += 2)
        if (isRed(image.at(x, y, 0)))
          [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    expect([minX >= left - 1, minY >= top - 1, maxX <= right + 1, maxY <= bottom + 1]).toEqual([true, true, true, true]);
    expect(((maxX - minX) * (maxY - minY)) / ((right - left) * (bottom - top))).toBeGreaterThan(0.6);
    expect((await renderImage(textRequest(), context())).productBox).toBeUndefined();
  });

  it('cuts the product out, stands it on the background picture and casts a shadow under it', async () => {
    const png = await render(productRequest({ productImage: await redSquareOnWhite(), backgroundImage: await blueBackground() }));
    const image = await rawRgb(png);
    expect([image.width, image.height]).toEqual([1024, 768]);
    expect(isRed(image.at(512, 384))).toBe(true);
    for (const [x, y] of [
      [12, 12],
      [1011, 12],
      [12, 755],
      [1011, 755],
    ] as const) {
      expect(isBlue(image.at(x, y)), `corner ${x},${y}`).toBe(true);
    }
    // The white around the square was removed: just outside the red it is blue, not white.
    let bottom = 384;
    while (bottom < 767 && isRed(image.at(512, bottom + 1, 0))) bottom++;
    let left = 512;
    while (left > 0 && isRed(image.at(left - 1, 384, 0))) left--;
    expect(isBlue(image.at(left - 8, 384))).toBe(true);
    // About two thirds of the height, standing low in the frame.
    let top = 384;
    while (top > 0 && isRed(image.at(512, top - 1, 0))) top--;
    expect((bottom - top) / 768).toBeGreaterThan(0.55);
    expect((bottom - top) / 768).toBeLessThan(0.72);
    // Contact shadow: just below the product it is darker than the same row far to the side.
    const under = image.at(512, bottom + 6);
    const aside = image.at(40, bottom + 6);
    expect(isRed(under)).toBe(false);
    expect(brightness(aside) - brightness(under)).toBeGreaterThan(12);
  });

  it('renders a studio set when no background picture is given', async () => {
    const png = await render(
      productRequest({ productImage: await redSquareOnWhite(), prompt: 'soft peach studio', width: 1024, height: 1024 }),
    );
    const image = await rawRgb(png);
    expect([image.width, image.height]).toEqual([1024, 1024]);
    expect(isRed(image.at(512, 520))).toBe(true);
    expect(isRed(image.at(20, 20))).toBe(false);
  });

  it('composes the product into the scene the prompt names: beside the lemons on the counter, on the podium it asks for', async () => {
    const productImage = await redSquareOnWhite();
    const image = await rawRgb(await render(productRequest({ productImage, prompt: 'on a marble counter beside fresh lemons' })));
    let bottom = 384;
    while (bottom < 767 && isRed(image.at(512, bottom + 1, 0))) bottom++;
    let left = 512;
    while (left > 0 && isRed(image.at(left - 1, 384, 0))) left--;
    // Lemons lie on the counter either side of the product.
    const lemonsOn = (from: number, to: number) => {
      for (let x = from; x < to; x += 3)
        for (let y = bottom - 90; y < Math.min(766, bottom + 70); y += 3) if (isLemon(image.at(x, y, 0))) return true;
      return false;
    };
    expect(lemonsOn(0, left), 'left of the product').toBe(true);
    expect(lemonsOn(1024 - left, 1024), 'right of the product').toBe(true);
    // A podium lifts it.
    const onPodium = await rawRgb(await render(productRequest({ productImage, prompt: 'on a marble podium' })));
    let raised = 384;
    while (raised < 767 && isRed(onPodium.at(512, raised + 1, 0))) raised++;
    expect(bottom - raised).toBeGreaterThan(40);
  });

  it("a podium prompt on the seller's own background picture (where no podium is drawn) leaves the product its full size", async () => {
    expect(await heightOnBackground('on a marble podium')).toBe(await heightOnBackground('on marble'));
  });

  it("keeps the product's own pixels: a black product stays black (only the backdrop's shadows are lifted)", async () => {
    const blackSquareOnWhite = await svgPng(
      400,
      400,
      '<rect width="400" height="400" fill="#ffffff"/><rect x="100" y="100" width="200" height="200" fill="#000000"/>',
    );
    for (const backgroundImage of [undefined, await blueBackground()]) {
      const image = await rawRgb(await render(productRequest({ productImage: blackSquareOnWhite, backgroundImage })));
      const { r, g, b } = image.at(512, 600, 0);
      expect(Math.max(r, g, b), backgroundImage ? 'on a background picture' : 'in a drawn scene').toBeLessThan(8);
    }
  });

  it('requires a product image', async () => {
    const run = renderImage(productRequest({ productImage: undefined }), context());
    await expect(run).rejects.toBeInstanceOf(LocalAiError);
    await expect(run).rejects.toMatchObject({ message: 'Product image is required' });
  });

  it('reports an unreadable product image as a LocalAiError', async () => {
    const run = renderImage(productRequest({ productImage: Buffer.from('not an image') }), context());
    await expect(run).rejects.toBeInstanceOf(LocalAiError);
  });
});

describe('local image provider: try-on', () => {
  it('dresses the model in the outfit picture: its colours on the body, where they are in the picture, not in the corners', async () => {
    const png = await render(tryOnRequest({ outfitImage: await twoToneOutfit() }));
    const image = await rawRgb(png);
    expect([image.width, image.height]).toEqual([683, 1024]);
    // The top of the outfit dresses the chest, the bottom the skirt: the picture is fitted, not averaged.
    expect(isMagenta(image.at(683 / 2, 1024 * 0.36))).toBe(true);
    expect(isOrange(image.at(683 / 2, 1024 * 0.62))).toBe(true);
    for (const [x, y] of [
      [10, 10],
      [672, 10],
      [10, 1013],
      [672, 1013],
    ] as const) {
      const corner = image.at(x, y);
      expect(isMagenta(corner) || isOrange(corner), `corner ${x},${y}`).toBe(false);
    }
  });

  it('requires an outfit image', async () => {
    await expect(renderImage(tryOnRequest({ outfitImage: undefined }), context())).rejects.toMatchObject({
      name: 'LocalAiError',
      message: 'Outfit image is required',
    });
  });
});

describe('local image provider: trained models', () => {
  it('renders the same prompt differently for two models and identically for the same model', async () => {
    const a = await render(trainedRequest(trained()));
    const aAgain = await render(trainedRequest(trained()));
    const b = await render(trainedRequest(trained({ finetuneId: 'ft-nocturne-777', name: 'Nocturne studio' })));
    expect(aAgain.equals(a)).toBe(true);
    expect(await difference(a, b)).toBeGreaterThan(DIFFERENT_PICTURES);
  });

  it('does not need the trigger word in the prompt', async () => {
    const withTrigger = await render(trainedRequest(trained(), 'AURX perfume bottle on a beach'));
    const without = await render(trainedRequest(trained(), 'perfume bottle on a beach'));
    expect(without.equals(withTrigger)).toBe(true);
  });

  it('draws by model type: a character model and a product model differ for the same prompt', async () => {
    const character = await render(trainedRequest(trained({ type: 'character' }), 'AURX in a garden'));
    const product = await render(trainedRequest(trained({ type: 'product' }), 'AURX in a garden'));
    expect(await difference(character, product)).toBeGreaterThan(10);
    const meta = await sharp(character).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
  });
});

describe('local image provider: thumbnails', () => {
  it('hands back the grid thumbnail drawn from its own pixels: WebP, longer side 512, the picture scaled down', async () => {
    const requests = [
      textRequest({ width: 1024, height: 576 }),
      productRequest({ productImage: await redSquareOnWhite() }),
      tryOnRequest({ outfitImage: await redSquareOnWhite() }),
    ];
    for (const request of requests) {
      const result = await renderImage(request, context());
      expect(result.thumbnail).toBeInstanceOf(Buffer);
      const thumb = await sharp(result.thumbnail).metadata();
      expect([thumb.format, Math.max(thumb.width, thumb.height)]).toEqual(['webp', 512]);
      expect(Math.abs(thumb.width / thumb.height - request.width / request.height)).toBeLessThan(0.01);
      // The same picture: the thumbnail's colours match the full image's at the same scale.
      const fromFull = await sharp(result.png).resize(8, 8, { fit: 'fill' }).raw().toBuffer();
      const fromThumb = await sharp(result.thumbnail).resize(8, 8, { fit: 'fill' }).raw().toBuffer();
      const diff = fromFull.reduce((sum, v, i) => sum + Math.abs(v - fromThumb[i]!), 0) / fromFull.length;
      expect(diff).toBeLessThan(6);
    }
  });
});
