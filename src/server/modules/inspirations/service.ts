import type { ImageInspiration, InspirationCategory } from '../../../contracts/inspirations.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { seedContentJob } from './jobs.ts';
import { countImageInspirations, listActiveImageInspirations, listImageInspirationCategories, type ImageInspirationRow } from './repo.ts';
import { seedImageInspirations } from './seed.ts';

export interface InspirationFilter {
  category?: string;
  subcategory?: string;
  search?: string;
}

export interface InspirationService {
  images(filter: InspirationFilter): Promise<ImageInspiration[]>;
  categories(): Promise<InspirationCategory[]>;
  /** Queues the rendering of the built-in galleries when they are empty (once, whatever the number of workers). */
  queueSeedIfEmpty(): Promise<void>;
  /** Renders and stores the built-in galleries unless they exist; the number of inspirations added. */
  seedBuiltIn(): Promise<number>;
}

export function createInspirationService(deps: { db: Db; storage: Storage; jobs: JobQueue; renderer: ImageProvider }): InspirationService {
  const toInspiration = (row: ImageInspirationRow): ImageInspiration => ({
    id: row.id,
    prompt: row.prompt,
    category: row.category,
    subcategory: row.subcategory,
    imageUrl: deps.storage.publicUrl(row.imageKey),
    thumbnailUrl: deps.storage.publicUrl(row.thumbnailKey ?? row.imageKey),
    createdAt: row.createdAt.toISOString(),
  });
  return {
    async images(filter) {
      return (await listActiveImageInspirations(deps.db, filter)).map(toInspiration);
    },
    categories: () => listImageInspirationCategories(deps.db),
    async queueSeedIfEmpty() {
      if ((await countImageInspirations(deps.db)) === 0) await deps.jobs.send(seedContentJob, {}, { singletonKey: 'seed-content' });
    },
    seedBuiltIn: () => seedImageInspirations({ db: deps.db, storage: deps.storage, renderer: deps.renderer }),
  };
}
