import { randomUUID } from 'node:crypto';
import type { VideoResolution } from '#contracts/video-effects.ts';
import { VIDEO_NEGATIVE_PROMPT } from '#contracts/video-effects.ts';
import type { Db } from '../../db/client.ts';
import type { videoKliptspirations } from '../../db/schema/index.ts';
import { renderPoster } from '../../lib/images.ts';
import { probeVideo } from '../../lib/video-probe.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import { LOCAL_RENDERER_VERSION } from '../../providers/ai/local-image-provider.ts';
import type { VideoProvider } from '../../providers/ai/video-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { isVideoGalleryCurrent, replaceVideoGallery } from './repo.ts';
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

/** Where this renderer version stores the videos: a gallery stored elsewhere was drawn by an older one. */
export const VIDEO_PREFIX = `inspirations/videos/v${LOCAL_RENDERER_VERSION}/`;

/**
 * Draws each built-in example's product with the local image renderer, animates it with the local
 * video renderer and stores video and poster, when the gallery is empty or was drawn by an older
 * renderer version (then it is replaced and the old files removed). Runs in the background seeding
 * job, never at start-up itself.
 */
export async function seedVideoInspirations(deps: VideoSeedDeps): Promise<number> {
  if (await isVideoGalleryCurrent(deps.db, VIDEO_PREFIX)) return 0;
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
    const videoKey = `${VIDEO_PREFIX}${id}.mp4`;
    const posterKey = `${VIDEO_PREFIX}${id}-poster.webp`;
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
  // All rows at once: an interrupted seed leaves the old gallery whole and runs again next time.
  const replaced = await replaceVideoGallery(deps.db, rows, VIDEO_PREFIX);
  // Another seeder finished first: ours go; otherwise the replaced files do.
  const unused = replaced ?? rows.flatMap((row) => [row.videoKey, row.posterKey ?? '']);
  for (const key of unused.filter(Boolean)) await deps.storage.delete(key);
  return replaced ? rows.length : 0;
}
