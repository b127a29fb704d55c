import { imageSize, renderThumbnail } from '../../lib/images.ts';
import type { ImageResult } from '../../providers/ai/image-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';

const extensions = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

export interface StoredOutput {
  mediaKey: string;
  mimeType: string;
  width: number;
  height: number;
}

/** Copies a provider's result (private: every klip starts private) into Klipt's storage (provider URLs expire); the key is derived from the job. */
export async function storeImageOutput(storage: Storage, userId: string, jobId: string, result: ImageResult): Promise<StoredOutput> {
  const mediaKey = `klips/${userId}/${jobId}.${extensions[result.mimeType]}`;
  const [size] = await Promise.all([
    imageSize(result.data),
    storage.put(mediaKey, result.data, { contentType: result.mimeType, visibility: 'private' }),
  ]);
  return { mediaKey, mimeType: result.mimeType, width: size.width, height: size.height };
}

/** The WebP grid thumbnail of a stored image (longer side 512). */
export async function storeThumbnail(storage: Storage, userId: string, jobId: string, image: Buffer, ready?: Buffer): Promise<string> {
  const thumbnailKey = `klips/${userId}/${jobId}-thumb.webp`;
  await storage.put(thumbnailKey, ready ?? (await renderThumbnail(image)).data, { contentType: 'image/webp', visibility: 'private' });
  return thumbnailKey;
}
