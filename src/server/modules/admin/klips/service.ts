import type { z } from 'zod';
import {
  ADMIN_KLIP_PAGE_SIZE,
  type AdminKlipQuery,
  ADMIN_KLIP_TAGS_LIMIT,
  type AdminKlipPage,
  type AdminRatingFilter,
} from '#contracts/admin-klips.ts';
import { klipMessages, type TagCount, type VoteResult } from '#contracts/klips.ts';
import type { SuperlikeWebhookConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import type { SignedInUser } from '#server/http/caller.ts';
import { viewerOf } from '../../access/viewer.ts';
import type { ActivityRecorder } from '../../activity/log.ts';
import { listKlips } from '../../klips/list-query.ts';
import { deleteKlipRow, klipOwnerEmail, lockKlip } from '../../klips/repo.ts';
import { toKlipCard } from '../../klips/serialize.ts';
import { socialCardKey } from '../../klips/social-card.ts';
import { tagCounts } from '../../klips/tag-repo.ts';
import { changeVote, findVote } from '../../klips/vote-repo.ts';
import { exportKeysOf } from '../../exports/service.ts';
import { renditionKeysOf } from '../../klips/renditions.ts';
import { superlikeWebhookJob } from './superlike-webhook-job.ts';

export type AdminKlipListInput = z.output<typeof AdminKlipQuery>;

/** The Klips Gallery's server side. Callers are super admins: the route's contract decides that. */
export interface AdminKlipService {
  /** Every user's klips (or one user's) newest first, with the creator's email; the admin's own vote is viewerVote. */
  list(admin: SignedInUser, input: AdminKlipListInput): Promise<AdminKlipPage>;
  /** The most used tags over all klips. */
  tags(): Promise<TagCount[]>;
  /** Deletes the klip, then its files; logged. */
  delete(admin: { id: string }, klipId: string): Promise<void>;
  /** Casts (true) or takes back (false) the admin's superlike; a new one queues the webhook. */
  superlike(admin: { id: string }, klipId: string, superlike: boolean): Promise<VoteResult>;
}

const hasVotes: Record<AdminRatingFilter, boolean | undefined> = { all: undefined, rated: true, unrated: false };

export function createAdminKlipService(deps: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  logger: Logger;
  recordActivity: ActivityRecorder;
  /** Undefined: superlikes send nothing. */
  superlikeWebhook: SuperlikeWebhookConfig | undefined;
}): AdminKlipService {
  const { db, storage } = deps;

  /** Removed after the row's commit: a file left behind by a failure is harmless, a row without its files is not. */
  async function removeFiles(klipId: string, keys: ReadonlyArray<string | null>) {
    const results = await Promise.allSettled(keys.filter((key): key is string => key !== null).map((key) => storage.delete(key)));
    for (const result of results)
      if (result.status === 'rejected') deps.logger.error({ err: result.reason, klipId }, 'deleted klip: a file could not be removed');
  }

  return {
    async list(admin, input) {
      const result = await listKlips(db, {
        scope: input.userId === undefined ? { all: true } : { ownerId: input.userId },
        filter: {
          search: input.search,
          type: input.type,
          tag: input.tag,
          visibility: input.visibility === 'all' ? undefined : input.visibility,
          hasVotes: hasVotes[input.rating],
        },
        sort: 'latest',
        cursor: input.cursor,
        viewerId: admin.id,
        limit: ADMIN_KLIP_PAGE_SIZE,
      });
      const viewer = viewerOf(admin);
      return {
        klips: await Promise.all(
          result.rows.map(async (row) => ({ ...(await toKlipCard(row, viewer, storage)), creatorEmail: row.creatorEmail })),
        ),
        nextCursor: result.nextCursor,
      };
    },

    async tags() {
      return tagCounts(db, { all: true }, ADMIN_KLIP_TAGS_LIMIT);
    },

    async delete(admin, klipId) {
      const { klip, ownerEmail } = await db.transaction(async (tx) => {
        const locked = await lockKlip(tx, klipId);
        if (!locked) throw new AppError('NOT_FOUND', klipMessages.notFound);
        const email = await klipOwnerEmail(tx, locked);
        await deleteKlipRow(tx, locked.id);
        return { klip: locked, ownerEmail: email };
      });
      await removeFiles(klip.id, [
        klip.mediaKey,
        klip.thumbnailKey,
        klip.posterKey,
        socialCardKey(klip),
        ...exportKeysOf(klip.id),
        ...renditionKeysOf(klip),
      ]);
      await deps.recordActivity({
        type: 'klip_deleted',
        message: `Deleted ${ownerEmail}'s ${klip.klipType} klip`,
        details: { klipId: klip.id, ownerEmail, prompt: klip.prompt, klipType: klip.klipType },
        actorId: admin.id,
      });
    },

    async superlike(admin, klipId, superlike) {
      return db.transaction(async (tx) => {
        const klip = await lockKlip(tx, klipId);
        if (!klip) throw new AppError('NOT_FOUND', klipMessages.notFound);
        const previous = await findVote(tx, klip.id, admin.id);
        // Taking back a superlike never removes another kind of vote.
        const next = superlike ? 'superlike' : previous === 'superlike' ? null : previous;
        const result = await changeVote(tx, klip, admin.id, previous, next);
        if (superlike && previous !== 'superlike' && deps.superlikeWebhook)
          await deps.jobs.send(
            superlikeWebhookJob,
            { klipId: klip.id },
            { tx, retryDelaySeconds: deps.superlikeWebhook.retryDelaySeconds },
          );
        return result;
      });
    },
  };
}
