import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  generationMessages,
  type CreateImageGenerationRequest,
  type CreateImageVariationsRequest,
  type CreateVideoGenerationRequest,
  type GenerationJob,
} from '#contracts/generation.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { VideoProvider } from '../../providers/ai/video-provider.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { createImageJobs } from './create-image-jobs.ts';
import { createVideoJob } from './create-video-job.ts';
import type { ImageProviders } from './image-providers.ts';
import type { JobDispatcher } from './job-dispatch.ts';
import { findGroupJobs, findLatestUserJob, findUserJob, type JobRow } from './repo.ts';
import { loadGenerationJob, toGenerationJob } from './serialize.ts';

/** The generation use cases the HTTP routes call. */
export interface GenerationService {
  /** Paid by, and made for, the workspace the user works in. */
  createImage(user: SignedInUser, request: z.output<typeof CreateImageGenerationRequest>): Promise<GenerationJob>;
  /** 1 to 4 images of one request, paid all or nothing; each its own job, seed and klip. */
  createVariations(
    user: SignedInUser,
    request: z.output<typeof CreateImageVariationsRequest>,
  ): Promise<{ groupId: string; jobs: GenerationJob[] }>;
  createVideo(user: SignedInUser, request: z.output<typeof CreateVideoGenerationRequest>): Promise<GenerationJob>;
  get(userId: string, jobId: string): Promise<GenerationJob>;
  /** The latest editor job of a kind with every job of its variation group (batch jobs are left out). */
  latest(userId: string, kind: 'image' | 'video'): Promise<{ job: GenerationJob | null; variations: GenerationJob[] }>;
}

export interface GenerationServiceDeps {
  db: Db;
  access: ViewerLoader;
  storage: Storage;
  providers: ImageProviders;
  videos: VideoProvider;
  /** Each user's share of the queues: the unfinished cap, and the next waiting jobs when one of theirs finishes. */
  dispatcher: JobDispatcher;
}

export function createGenerationService(deps: GenerationServiceDeps): GenerationService {
  const { db, storage } = deps;
  const serialize = (row: JobRow): Promise<GenerationJob> => loadGenerationJob(db, storage, row);

  return {
    async createImage(user, request) {
      const [job] = await createImageJobs(deps, user, request, 1, null);
      return toGenerationJob(job!, null);
    },

    async createVariations(user, request) {
      const groupId = randomUUID();
      const rows = await createImageJobs(deps, user, request, request.count, groupId);
      return { groupId, jobs: rows.map((row) => toGenerationJob(row, null)) };
    },

    async createVideo(user, request) {
      return toGenerationJob(await createVideoJob(deps, user, request), null);
    },

    async get(userId, jobId) {
      const row = await findUserJob(db, userId, jobId);
      if (!row) throw new AppError('NOT_FOUND', generationMessages.jobNotFound);
      return serialize(row);
    },

    async latest(userId, kind) {
      const row = await findLatestUserJob(db, userId, kind);
      if (!row) return { job: null, variations: [] };
      const group = row.groupId ? await findGroupJobs(db, userId, row.groupId) : [row];
      const variations = await Promise.all(group.map(serialize));
      return { job: variations.find((job) => job.id === row.id) ?? (await serialize(row)), variations };
    },
  };
}
