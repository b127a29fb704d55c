import { imageSize, renderThumbnail } from '../../lib/images.ts';
import type { ImageResult } from '../../providers/ai/image-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';

const extensions = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

export interface StoredOutput {
  mediaKey: string;
  thumbnailKey: string;
  mimeType: string;
  width: number;
  height: number;
}

/** Copies a provider's result into Klipt's storage with a grid thumbnail; keys are derived from the job. */
export async function storeImageOutput(storage: Storage, userId: string, jobId: string, result: ImageResult): Promise<StoredOutput> {
  const ext = extensions[result.mimeType];
  const mediaKey = `klips/${userId}/${jobId}.${ext}`;
  const thumbnailKey = `klips/${userId}/${jobId}-thumb.webp`;
  const [size, thumb] = await Promise.all([imageSize(result.data), renderThumbnail(result.data)]);
  await storage.put(mediaKey, result.data, result.mimeType);
  await storage.put(thumbnailKey, thumb.data, 'image/webp');
  return { mediaKey, thumbnailKey, mimeType: result.mimeType, width: size.width, height: size.height };
}
