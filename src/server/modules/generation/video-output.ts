import { generationMessages, videoMessages } from '#contracts/generation.ts';
import { renderPoster, renderThumbnail } from '../../lib/images.ts';
import { probeVideo } from '../../lib/video-probe.ts';
import { ProviderError } from '../../providers/ai/provider-error.ts';
import type { VideoResult } from '../../providers/ai/video-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';

export interface StoredVideo {
  mediaKey: string;
  posterKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
  durationSeconds: number;
}

/**
 * Checks that a provider's answer is a real video (the probe reads its size and duration), then
 * copies it into Klipt's storage with a poster and a grid thumbnail drawn from the reference image.
 */
export async function storeVideoOutput(
  storage: Storage,
  ids: { userId: string; jobId: string; provider: string },
  result: VideoResult,
  reference: Buffer,
): Promise<StoredVideo> {
  let probed;
  try {
    probed = await probeVideo(result.data);
  } catch (err) {
    throw new ProviderError({ provider: ids.provider, message: videoMessages.invalidResponse, cause: err });
  }
  if (probed.width <= 0 || probed.height <= 0) throw new ProviderError({ provider: ids.provider, message: videoMessages.invalidResponse });
  const base = `klips/${ids.userId}/${ids.jobId}`;
  let poster: Buffer;
  try {
    poster = await renderPoster(reference, probed.width, probed.height);
  } catch (err) {
    throw new ProviderError({ provider: 'klipt', message: generationMessages.unreadableImage('reference image'), cause: err });
  }
  const thumbnail = await renderThumbnail(poster);
  const stored: StoredVideo = {
    mediaKey: `${base}.mp4`,
    posterKey: `${base}-poster.webp`,
    thumbnailKey: `${base}-thumb.webp`,
    width: probed.width,
    height: probed.height,
    durationSeconds: probed.durationSeconds,
  };
  await Promise.all([
    storage.put(stored.mediaKey, result.data, { contentType: 'video/mp4', visibility: 'private' }),
    storage.put(stored.posterKey, poster, { contentType: 'image/webp', visibility: 'private' }),
    storage.put(stored.thumbnailKey, thumbnail.data, { contentType: 'image/webp', visibility: 'private' }),
  ]);
  return stored;
}
