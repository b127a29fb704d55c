import { describe, expect, it } from 'vitest';
import { createTestContext } from '#test-support/test-app.ts';
import type { ImageRequest } from '../providers/ai/image-provider.ts';

// postgres-pass: same

const request: ImageRequest = {
  mode: 'text',
  modelSlug: 'flux-1.1-pro-ultra',
  prompt: 'a ceramic mug on a wooden table',
  negativePrompt: '',
  seed: 7,
  width: 256,
  height: 256,
  aspectRatio: '1:1',
};
const context = () => ({ signal: new AbortController().signal });

describe('the runtime’s render pool', () => {
  it('draws the local pictures of the runtime’s providers, and is closed when the runtime stops', async () => {
    const app = await createTestContext({ workers: false, env: { RENDER_THREADS: '1' } });
    const { localImages } = app.services.ai;
    let closed = false;
    try {
      expect((await localImages.generate(request, context())).attributes).toMatchObject({ renderer: 'local', seed: '7' });
      await app.close();
      closed = true;
      await expect(localImages.generate(request, context())).rejects.toThrow('The render pool is closed.');
    } finally {
      if (!closed) await app.close();
    }
  });
});
