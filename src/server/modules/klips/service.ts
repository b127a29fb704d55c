import type { Readable } from 'node:stream';
import type { UserVoteType } from '#contracts/klip-kinds.ts';
import {
  KLIP_PAGE_SIZE,
  klipMessages,
  STATS_WINDOW_DAYS,
  TAGS_PER_KLIP_MAX,
  type CollectionSort,
  type KlipCard,
  type KlipPage,
  type KlipStats,
  type KlipTypeFilter,
  type TagCount,
  type VoteResult,
} from '#contracts/klips.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJpeg } from '../../lib/images.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { canEditKlip, canReadKlip, roleIn, type Viewer } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { listKlips, type KlipListQuery } from './list-query.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { syncKlipFilesJob, type KlipFileVisibility } from './file-visibility.ts';
import { findKlip, klipOwnerEmail, lockKlip, setKlipPublic } from './repo.ts';
import { toKlipCard, type KlipRow } from './serialize.ts';
import { klipStats } from './stats-repo.ts';
import { ensureTags, klipTagIds, klipTagNames, linkTags, tagCounts, unlinkTag } from './tag-repo.ts';
import { setVote } from './vote-repo.ts';

export interface KlipDownload {
  data: Buffer | Readable;
  mimeType: string;
  extension: string;
}

/** Whoever calls a public route: asked for only when the answer depends on it. */
export type Caller = () => Promise<SignedInUser | null>;

export interface KlipListInput {
  search?: string | undefined;
  type: KlipTypeFilter;
  tag?: string | undefined;
  cursor?: string | undefined;
}

export interface KlipService {
  /**
   * The klip's file (as JPEG on request for images); a klip the caller may not read is "not found".
   * `caller` is only asked for when the klip is private: public downloads skip the session lookup.
   */
  download(klipId: string, format: 'jpg' | 'original', caller: Caller): Promise<KlipDownload>;
  /** The dashboard: the klips of the workspace the user works in, newest first. */
  listMine(user: SignedInUser, input: KlipListInput): Promise<KlipPage>;
  /** The public collection. */
  listCollection(caller: Caller, input: KlipListInput & { sort: CollectionSort }): Promise<KlipPage>;
  /** One klip as a card; "not found" to whoever may not read it. */
  get(klipId: string, caller: Caller): Promise<KlipCard>;
  /** Casts, changes or (null) removes the user's vote on a klip they may read. */
  vote(user: SignedIn, klipId: string, voteType: UserVoteType | null): Promise<VoteResult>;
  /** A super admin's change to someone else's klip is recorded in the activity log. */
  setVisibility(user: SignedIn, klipId: string, isPublic: boolean): Promise<{ isPublic: boolean }>;
  /** Adds tags (idempotent), at most TAGS_PER_KLIP_MAX per klip; the klip's tags after. */
  addTags(user: SignedIn, klipId: string, names: readonly string[]): Promise<string[]>;
  removeTag(user: SignedIn, klipId: string, name: string): Promise<string[]>;
  myTags(user: SignedIn): Promise<TagCount[]>;
  /** The most used tags of public klips; the same answer for everyone, kept for POPULAR_TAGS_TTL_MS. */
  popularTags(): Promise<TagCount[]>;
  stats(user: SignedIn): Promise<KlipStats>;
}

type SignedIn = SignedInUser;

/** How many tags the collection's chips offer, and how long their answer is reused. */
export const POPULAR_TAGS_LIMIT = 20;
export const POPULAR_TAGS_TTL_MS = 60_000;

const filterOf = (input: KlipListInput) => ({ search: input.search, type: input.type, tag: input.tag });

/** Locks the klip for a change only its workspace's members or a super admin may make: 404 to those who may not read it, 403 to the rest. */
async function lockEditable(tx: Tx, viewer: Viewer | null, klipId: string): Promise<KlipRow> {
  const klip = await lockKlip(tx, klipId);
  if (!klip || !canReadKlip(viewer, klip)) throw new AppError('NOT_FOUND', klipMessages.notFound);
  if (!canEditKlip(viewer, klip)) throw new AppError('FORBIDDEN', klipMessages.ownerOnly);
  return klip;
}

export function createKlipService(deps: {
  db: Db;
  storage: Storage;
  access: ViewerLoader;
  recordActivity: ActivityRecorder;
  jobs: JobQueue;
  files: KlipFileVisibility;
  now?: () => number;
}): KlipService {
  const { db, storage } = deps;
  const now = deps.now ?? Date.now;
  let popular: { at: number; tags: Promise<TagCount[]> } | undefined;

  async function page(viewer: Viewer | null, query: Omit<KlipListQuery, 'viewerId' | 'limit'>): Promise<KlipPage> {
    const result = await listKlips(db, { ...query, viewerId: viewer?.id ?? null, limit: KLIP_PAGE_SIZE });
    return { klips: await Promise.all(result.rows.map((row) => toKlipCard(row, viewer, storage))), nextCursor: result.nextCursor };
  }

  return {
    async download(klipId, format, caller) {
      const klip = await findKlip(db, klipId);
      const readable = klip && (klip.isPublic || canReadKlip(await deps.access.viewer(await caller()), klip));
      if (!klip || !readable) throw new AppError('NOT_FOUND', klipMessages.notFound);
      const asJpeg = format === 'jpg' && klip.klipType === 'image';
      // The original (a video, say) is streamed from storage, never held whole in memory.
      const data = asJpeg ? await storage.get(klip.mediaKey) : await storage.getStream(klip.mediaKey);
      if (!data) throw new AppError('NOT_FOUND', klipMessages.notFound);
      return {
        data: data instanceof Buffer ? await toJpeg(data) : data,
        mimeType: asJpeg ? 'image/jpeg' : klip.mimeType,
        extension: asJpeg ? 'jpg' : (klip.mediaKey.split('.').pop() ?? 'bin'),
      };
    },

    async listMine(user, input) {
      const viewer = await deps.access.viewer(user);
      return page(viewer, { scope: { workspaceId: user.workspace.id }, filter: filterOf(input), sort: 'latest', cursor: input.cursor });
    },

    async listCollection(caller, input) {
      const viewer = await deps.access.viewer(await caller());
      return page(viewer, { scope: { publicOnly: true }, filter: filterOf(input), sort: input.sort, cursor: input.cursor });
    },

    async get(klipId, caller) {
      const viewer = await deps.access.viewer(await caller());
      const { rows } = await listKlips(db, {
        scope: { all: true },
        filter: { id: klipId },
        sort: 'latest',
        viewerId: viewer?.id ?? null,
        limit: 1,
      });
      const row = rows[0];
      if (!row || !canReadKlip(viewer, row)) throw new AppError('NOT_FOUND', klipMessages.notFound);
      return toKlipCard(row, viewer, storage);
    },

    async vote(user, klipId, voteType) {
      const viewer = await deps.access.viewer(user);
      return db.transaction(async (tx) => {
        const klip = await lockKlip(tx, klipId);
        if (!klip || !canReadKlip(viewer, klip)) throw new AppError('NOT_FOUND', klipMessages.notFound);
        return setVote(tx, klip, user.id, voteType);
      });
    },

    async setVisibility(user, klipId, isPublic) {
      const viewer = await deps.access.viewer(user);
      const moderatedOwnerEmail = await db.transaction(async (tx) => {
        const klip = await lockEditable(tx, viewer, klipId);
        await setKlipPublic(tx, klipId, isPublic);
        if (klip.isPublic !== isPublic) await deps.jobs.send(syncKlipFilesJob, { klipId }, { tx });
        // A super admin changing a klip of a workspace they are not in is moderation: the activity log shows it.
        const moderated = klip.isPublic !== isPublic && roleIn(viewer, klip.workspaceId) === null;
        return moderated ? klipOwnerEmail(tx, klip) : null;
      });
      await deps.files.syncNow(klipId);
      if (moderatedOwnerEmail !== null)
        await deps.recordActivity({
          type: 'klip_visibility_changed',
          message: `Made ${moderatedOwnerEmail}'s klip ${isPublic ? 'public' : 'private'}`,
          details: { klipId, ownerEmail: moderatedOwnerEmail, isPublic },
          actorId: user.id,
        });
      return { isPublic };
    },

    async addTags(user, klipId, names) {
      const viewer = await deps.access.viewer(user);
      const wanted = [...new Set(names)];
      return db.transaction(async (tx) => {
        await lockEditable(tx, viewer, klipId);
        const ids = await ensureTags(tx, wanted);
        const current = await klipTagIds(tx, klipId);
        const added = wanted.map((n) => ids.get(n)!).filter((id) => !current.has(id));
        // Counted under the klip's lock: two requests cannot both add the tenth tag.
        if (current.size + added.length > TAGS_PER_KLIP_MAX) throw new AppError('CONFLICT', klipMessages.tooManyTags);
        await linkTags(tx, klipId, added);
        return klipTagNames(tx, klipId);
      });
    },

    async removeTag(user, klipId, name) {
      const viewer = await deps.access.viewer(user);
      return db.transaction(async (tx) => {
        await lockEditable(tx, viewer, klipId);
        await unlinkTag(tx, klipId, name);
        return klipTagNames(tx, klipId);
      });
    },

    async myTags(user) {
      return tagCounts(db, { workspaceId: user.workspace.id });
    },

    async popularTags() {
      if (!popular || now() - popular.at >= POPULAR_TAGS_TTL_MS) {
        const tags = tagCounts(db, { publicOnly: true }, POPULAR_TAGS_LIMIT);
        popular = { at: now(), tags };
        // A failed read is not kept: the next request asks again.
        tags.catch(() => {
          if (popular?.tags === tags) popular = undefined;
        });
      }
      return popular.tags;
    },

    async stats(user) {
      return klipStats(db, user.workspace.id, user.id, STATS_WINDOW_DAYS);
    },
  };
}
