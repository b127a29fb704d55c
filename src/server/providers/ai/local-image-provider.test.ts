import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asThumbnail } from '../../lib/images.ts';
import type { ImageRequest } from './image-provider.ts';
import { ProviderError } from './provider-error.ts';
import { createLocalImageProvider } from './local-image-provider.ts';

const provider = createLocalImageProvider();
const context = () => ({ signal: new AbortController().signal });

function request(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return {
    mode: 'text',
    modelSlug: 'flux-1.1-pro-ultra',
    prompt: 'red sneaker on a beach at sunset',
    negativePrompt: '',
    seed: 4242,
    width: 512,
    height: 384,
    aspectRatio: '4:3',
    ...overrides,
  };
}

describe('the local image provider (src/local-ai behind the ImageProvider interface)', () => {
  it('hands back the PNG, its grid thumbnail as the server makes thumbnails, and the seed it used', async () => {
    const result = await provider.generate(request({ seed: 1_004_242 }), context());
    expect(result.mimeType).toBe('image/png');
    expect(result.attributes).toEqual({ renderer: 'local', seed: '4242' });
    expect((await asThumbnail(sharp(result.data)).toBuffer()).equals(result.thumbnail!)).toBe(true);
  });

  it('reports what it cannot draw as provider errors of the local provider, with the message users see', async () => {
    await expect(provider.generate(request({ width: 0 }), context())).rejects.toBeInstanceOf(ProviderError);
    const missing = provider.generate(request({ mode: 'product' }), context());
    await expect(missing).rejects.toBeInstanceOf(ProviderError);
    await expect(missing).rejects.toMatchObject({ provider: 'local', retryable: false, message: 'Product image is required' });
    const unreadable = provider.generate(request({ mode: 'product', productImage: Buffer.from('not an image') }), context());
    await expect(unreadable).rejects.toMatchObject({
      name: 'ProviderError',
      message: 'The product image could not be read as an image.',
      cause: expect.any(Error),
    });
  });

  it('passes an abort through as it is', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(provider.generate(request(), { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
