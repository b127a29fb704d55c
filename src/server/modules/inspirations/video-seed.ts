import { randomUUID } from 'node:crypto';
import type { VideoResolution } from '../../../contracts/video-effects.ts';
import { VIDEO_NEGATIVE_PROMPT } from '../../../contracts/video-effects.ts';
import type { Db } from '../../db/client.ts';
import { videoKliptspirations } from '../../db/schema/index.ts';
import { renderPoster } from '../../lib/images.ts';
import { probeVideo } from '../../lib/video-probe.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import type { VideoProvider } from '../../providers/ai/video-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { countVideoInspirations } from './repo.ts';
import { videoInspirationCatalog } from './video-catalog.ts';

export interface VideoSeedDeps {
  db: Db;
  storage: Storage;
  renderer: ImageProvider;
  videoRenderer: VideoProvider;
  /** Short side of the example videos; tests use a smaller one. */
  resolution?: VideoResolution;
  videoLength?: number;
}

/**
 * Draws each built-in example's product with the local image renderer, animates it with the local
 * video renderer and stores video and poster, once (when the gallery is empty). Runs in the
 * background seeding job, never at start-up itself.
 */
export async function seedVideoInspirations(deps: VideoSeedDeps): Promise<number> {
  if ((await countVideoInspirations(deps.db)) > 0) return 0;
  const base = Date.UTC(2026, 9, 1);
  const rows: Array<typeof videoKliptspirations.$inferInsert> = [];
  for (const [i, item] of videoInspirationCatalog.entries()) {
    const id = randomUUID();
    const seed = 2000 + i * 7919;
    const picture = await deps.renderer.generate(
      {
        mode: 'text',
        modelSlug: 'flux-1.1-pro-ultra',
        prompt: item.picture,
        negativePrompt: '',
        seed,
        width: 512,
        height: 512,
        aspectRatio: '1:1',
      },
      { signal: AbortSignal.timeout(60_000) },
    );
    const video = await deps.videoRenderer.generate(
      {
        subject: item.prompt,
        negativePrompt: VIDEO_NEGATIVE_PROMPT,
        effect: item.effect,
        image: picture.data,
        seed,
        videoLength: deps.videoLength ?? 3,
        resolution: deps.resolution ?? 360,
        steps: 30,
      },
      { signal: AbortSignal.timeout(120_000) },
    );
    const { width, height } = await probeVideo(video.data);
    const videoKey = `inspirations/videos/${id}.mp4`;
    const posterKey = `inspirations/videos/${id}-poster.webp`;
    await deps.storage.put(videoKey, video.data, { contentType: 'video/mp4', visibility: 'public' });
    await deps.storage.put(posterKey, await renderPoster(picture.data, width, height), { contentType: 'image/webp', visibility: 'public' });
    rows.push({
      id,
      prompt: item.prompt,
      category: item.category,
      subcategory: item.subcategory,
      effect: item.effect,
      videoKey,
      posterKey,
      // Newest first shows the catalog in its written order.
      createdAt: new Date(base - i * 60_000),
    });
  }
  // All rows at once: an interrupted seed leaves no half-filled gallery and runs again next time.
  await deps.db.insert(videoKliptspirations).values(rows);
  return rows.length;
}
