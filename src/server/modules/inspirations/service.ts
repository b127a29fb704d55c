import type { ImageInspiration, InspirationCategory, VideoInspiration } from '#contracts/inspirations.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import type { VideoProvider } from '../../providers/ai/video-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { seedContentJob } from './jobs.ts';
import {
  isImageGalleryCurrent,
  isVideoGalleryCurrent,
  listActiveImageInspirations,
  listActiveVideoInspirations,
  listImageInspirationCategories,
  listVideoInspirationCategories,
  type ImageInspirationRow,
  type InspirationFilter,
  type VideoInspirationRow,
} from './repo.ts';
import { IMAGE_PREFIX, seedImageInspirations } from './seed.ts';
import { seedVideoInspirations, VIDEO_PREFIX } from './video-seed.ts';

export interface InspirationService {
  images(filter: InspirationFilter): Promise<ImageInspiration[]>;
  categories(): Promise<InspirationCategory[]>;
  videos(filter: InspirationFilter): Promise<VideoInspiration[]>;
  videoCategories(): Promise<InspirationCategory[]>;
  /** Queues the rendering of the built-in galleries when they are empty or drawn by an older renderer (once, whatever the number of workers). */
  queueSeedIfStale(): Promise<void>;
  /** Renders and stores the built-in galleries unless they are current; the number of inspirations drawn. */
  seedBuiltIn(): Promise<number>;
}

export function createInspirationService(deps: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  renderer: ImageProvider;
  videoRenderer: VideoProvider;
}): InspirationService {
  const toInspiration = (row: ImageInspirationRow): ImageInspiration => ({
    id: row.id,
    prompt: row.prompt,
    category: row.category,
    subcategory: row.subcategory,
    imageUrl: deps.storage.publicUrl(row.imageKey),
    thumbnailUrl: deps.storage.publicUrl(row.thumbnailKey ?? row.imageKey),
    createdAt: row.createdAt.toISOString(),
  });
  const toVideoInspiration = (row: VideoInspirationRow): VideoInspiration => ({
    id: row.id,
    prompt: row.prompt,
    category: row.category,
    subcategory: row.subcategory,
    effect: row.effect as VideoInspiration['effect'],
    videoUrl: deps.storage.publicUrl(row.videoKey),
    posterUrl: row.posterKey ? deps.storage.publicUrl(row.posterKey) : null,
    createdAt: row.createdAt.toISOString(),
  });
  return {
    async videos(filter) {
      return (await listActiveVideoInspirations(deps.db, filter)).map(toVideoInspiration);
    },
    videoCategories: () => listVideoInspirationCategories(deps.db),
    async images(filter) {
      return (await listActiveImageInspirations(deps.db, filter)).map(toInspiration);
    },
    categories: () => listImageInspirationCategories(deps.db),
    async queueSeedIfStale() {
      const current = (await isImageGalleryCurrent(deps.db, IMAGE_PREFIX)) && (await isVideoGalleryCurrent(deps.db, VIDEO_PREFIX));
      if (!current) await deps.jobs.send(seedContentJob, {}, { singletonKey: 'seed-content' });
    },
    async seedBuiltIn() {
      // Images first: they are quick, and the image gallery should not wait for the videos.
      const images = await seedImageInspirations({ db: deps.db, storage: deps.storage, renderer: deps.renderer });
      const videos = await seedVideoInspirations(deps);
      return images + videos;
    },
  };
}
