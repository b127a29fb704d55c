import { randomUUID } from 'node:crypto';
import { dimensionsFor } from '#contracts/aspect-ratio.ts';
import type { Db } from '../../db/client.ts';
import type { kliptspirations } from '../../db/schema/index.ts';
import { renderThumbnail } from '../../lib/images.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import { LOCAL_RENDERER_VERSION } from '../../providers/ai/local-image-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { imageInspirationCatalog } from './catalog.ts';
import { isImageGalleryCurrent, replaceImageGallery } from './repo.ts';

/** Where this renderer version stores the pictures: a gallery stored elsewhere was drawn by an older one. */
export const IMAGE_PREFIX = `inspirations/images/v${LOCAL_RENDERER_VERSION}/`;

/**
 * Renders the built-in inspirations with the local renderer and stores them, when the gallery is
 * empty or was drawn by an older renderer version (then it is replaced and the old files removed).
 * Run as a background job at start so it never delays serving.
 */
export async function seedImageInspirations(deps: { db: Db; storage: Storage; renderer: ImageProvider; size?: number }): Promise<number> {
  if (await isImageGalleryCurrent(deps.db, IMAGE_PREFIX)) return 0;
  const { width, height } = dimensionsFor('1:1', deps.size ?? 768);
  const base = Date.UTC(2026, 9, 1);
  const rows: Array<typeof kliptspirations.$inferInsert> = [];
  for (const [i, item] of imageInspirationCatalog.entries()) {
    const id = randomUUID();
    const result = await deps.renderer.generate(
      {
        mode: 'text',
        modelSlug: 'flux-1.1-pro-ultra',
        prompt: item.prompt,
        negativePrompt: '',
        seed: 1000 + i * 7919,
        width,
        height,
        aspectRatio: '1:1',
      },
      { signal: AbortSignal.timeout(60_000) },
    );
    const imageKey = `${IMAGE_PREFIX}${id}.png`;
    const thumbnailKey = `${IMAGE_PREFIX}${id}-thumb.webp`;
    await deps.storage.put(imageKey, result.data, { contentType: result.mimeType, visibility: 'public' });
    await deps.storage.put(thumbnailKey, (await renderThumbnail(result.data)).data, { contentType: 'image/webp', visibility: 'public' });
    rows.push({
      id,
      prompt: item.prompt,
      category: item.category,
      subcategory: item.subcategory,
      imageKey,
      thumbnailKey,
      // Newest first shows the catalog in its written order.
      createdAt: new Date(base - i * 60_000),
    });
  }
  // All rows at once: an interrupted seed leaves the old gallery whole and runs again next time.
  const replaced = await replaceImageGallery(deps.db, rows, IMAGE_PREFIX);
  // Another seeder finished first: ours go; otherwise the replaced files do.
  const unused = replaced ?? rows.flatMap((row) => [row.imageKey, row.thumbnailKey ?? '']);
  for (const key of unused.filter(Boolean)) await deps.storage.delete(key);
  return replaced ? rows.length : 0;
}
