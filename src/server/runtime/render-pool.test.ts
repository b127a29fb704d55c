import { describe, expect, it } from 'vitest';
import { storedKlip, userWithId } from '#test-support/stored-klip.ts';
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

  it('also renders the exports, the ads and the local videos of the runtime’s services', async () => {
    const app = await createTestContext({ workers: false, env: { RENDER_THREADS: '1' } });
    try {
      const { id } = await userWithId(app, 'pool@example.com');
      const klip = await storedKlip(app, id);
      const finished = () => app.renderPool.completed;
      let before = finished();
      expect((await app.services.exports.renderForKlip(klip, 'story', 'pad')).length).toBeGreaterThan(0);
      expect(finished()).toBe(before + 1);

      before = finished();
      const set = await app.services.ads.makeForKlip(
        klip,
        {
          layout: 'bottom-bar',
          texts: { headline: 'Fresh bottles', subline: null, price: null, cta: null },
          sizes: ['square-feed', 'story'],
          brandKitId: null,
        },
        {},
      );
      expect(set?.klips).toHaveLength(2);
      expect(finished()).toBe(before + 2);

      before = finished();
      const video = await app.services.ai.localVideos.generate(
        {
          subject: 'mug',
          negativePrompt: '',
          effect: 'squish_it',
          image: (await app.storage.get(klip.mediaKey))!,
          seed: 7,
          videoLength: 1,
          resolution: 360,
          steps: 30,
        },
        context(),
      );
      expect(video.mimeType).toBe('video/mp4');
      expect(finished()).toBe(before + 1);
    } finally {
      await app.close();
    }
  });
});
