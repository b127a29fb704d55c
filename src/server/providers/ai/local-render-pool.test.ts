import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalAiError, renderLocalImage, type LocalImageRequest } from '#local-ai/index.ts';
import { createLocalImageProvider } from './local-image-provider.ts';
import { createRenderPool, type RenderPool } from '../../lib/render-pool.ts';
import { localImageRenderer } from './local-render-pool.ts';
import { ProviderError } from './provider-error.ts';

/** The render pool with the local AI's pictures drawn in it, as the runtime builds it. */
const drawingPool = (threads: number): RenderPool & { renderImage: ReturnType<typeof localImageRenderer> } => {
  const pool = createRenderPool({ threads });
  return Object.assign(pool, { renderImage: localImageRenderer(pool) });
};

const pool = drawingPool(2);
afterAll(() => pool.close());

const context = () => ({ signal: new AbortController().signal });
const request = (overrides: Partial<LocalImageRequest> = {}): LocalImageRequest => ({
  mode: 'text',
  prompt: 'a perfume bottle on a pink marble podium at sunset',
  seed: 4242,
  width: 384,
  height: 256,
  ...overrides,
});
const redSquareOnWhite = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#fff"/><rect x="50" y="50" width="100" height="100" fill="#e01010"/></svg>',
    ),
  )
    .png()
    .toBuffer();

describe('the render pool (local pictures drawn in worker threads)', () => {
  it('draws the same bytes as the local AI on this thread: text, product cut-out, try-on and trained looks', async () => {
    const productImage = await redSquareOnWhite();
    const requests = [
      request(),
      request({ mode: 'product', productImage, prompt: 'on a marble counter beside fresh lemons' }),
      request({ mode: 'tryon', outfitImage: productImage, prompt: 'a model in a city street' }),
      request({
        mode: 'trained',
        trained: { finetuneId: 'ft', finetuneStrength: 1, name: 'Neon', type: 'style', triggerWord: 'NEONSTYLE' },
      }),
    ];
    for (const each of requests) {
      const [inPool, inline] = await Promise.all([pool.renderImage(each, context()), renderLocalImage(each, context())]);
      expect(Buffer.isBuffer(inPool.png) && Buffer.isBuffer(inPool.thumbnail)).toBe(true);
      expect(inPool.png.equals(inline.png)).toBe(true);
      expect(inPool.thumbnail.equals(inline.thumbnail)).toBe(true);
      expect({ ...inPool, png: null, thumbnail: null }).toEqual({ ...inline, png: null, thumbnail: null });
    }
  });

  it('reports progress from the thread', async () => {
    const seen: number[] = [];
    await pool.renderImage(request(), { ...context(), onProgress: (percent) => seen.push(percent) });
    expect(seen).toEqual(expect.arrayContaining([20, 60, 90]));
  });

  it('raises what the local AI cannot draw as a LocalAiError with its message and cause, which the provider makes a ProviderError', async () => {
    await expect(pool.renderImage(request({ width: 5 }), context())).rejects.toBeInstanceOf(LocalAiError);
    const unreadable = pool.renderImage(request({ mode: 'product', productImage: Buffer.from('not an image') }), context());
    await expect(unreadable).rejects.toBeInstanceOf(LocalAiError);
    await expect(unreadable).rejects.toMatchObject({
      message: 'The product image could not be read as an image.',
      cause: expect.any(Error),
    });
    const provider = createLocalImageProvider(pool.renderImage);
    const { prompt, seed, width, height } = request();
    const missing = provider.generate(
      { mode: 'product', prompt, seed, width, height, modelSlug: 'ai-product-photo-editor', negativePrompt: '', aspectRatio: '3:2' },
      context(),
    );
    await expect(missing).rejects.toBeInstanceOf(ProviderError);
    await expect(missing).rejects.toMatchObject({ provider: 'local', message: 'Product image is required' });
  });

  it('never runs more renders at once than its threads; the rest wait in its queue', async () => {
    let mostThreads = 0;
    const watch = () => {
      mostThreads = Math.max(mostThreads, pool.liveThreads);
    };
    const renders = Array.from({ length: 6 }, (_, i) => pool.renderImage(request({ seed: i }), { ...context(), onProgress: watch }));
    expect(pool.pending).toBe(6);
    await Promise.all(renders);
    expect(mostThreads).toBeGreaterThan(0);
    expect(mostThreads).toBeLessThanOrEqual(2);
    expect(pool.pending).toBe(0);
  });

  it('gives up a cancelled render with the signal’s reason and keeps drawing the next ones', async () => {
    const single = drawingPool(1);
    try {
      const cancelled = new AbortController();
      const big = single.renderImage(request({ width: 2048, height: 2048 }), {
        signal: cancelled.signal,
        onProgress: () => cancelled.abort(new Error('stopped by the user')),
      });
      await expect(big).rejects.toThrow('stopped by the user');
      const aborted = new AbortController();
      aborted.abort();
      await expect(single.renderImage(request(), { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });
      const next = await single.renderImage(request(), context());
      expect(next.png.length).toBeGreaterThan(0);
      expect(single.pending).toBe(0);
    } finally {
      await single.close();
    }
  });

  it('ends its threads when closed and draws nothing more', async () => {
    const closing = drawingPool(1);
    await closing.renderImage(request(), context());
    expect(closing.liveThreads).toBe(1);
    await closing.close();
    expect(closing.liveThreads).toBe(0);
    await expect(closing.renderImage(request(), context())).rejects.toThrow('The render pool is closed.');
  });
});
