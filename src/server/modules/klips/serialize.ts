import type { Klip, KlipCard } from '#contracts/klips.ts';
import { klipModelDisplayName } from '#contracts/standard-models.ts';
import type { klips } from '../../db/schema/index.ts';
import { fileUrl, klipFileVisibility, type Storage } from '../../providers/storage/storage.ts';
import { canEditKlip, type Viewer } from '../access/rules.ts';
import { avatarUrl } from '../profiles/service.ts';
import type { KlipListRow } from './list-query.ts';

export type KlipRow = typeof klips.$inferSelect;

/**
 * The URLs of a klip's files for a viewer already allowed to see it: stable ones when the klip is
 * public, short-lived signed ones when it is private (docs/operations.md#media-files).
 */
export async function klipFileUrls(storage: Storage, row: Pick<KlipRow, 'mediaKey' | 'thumbnailKey' | 'posterKey' | 'isPublic'>) {
  const visibility = klipFileVisibility(row);
  const url = (key: string | null) => (key ? fileUrl(storage, key, visibility) : Promise.resolve(null));
  const [imageUrl, thumbnailUrl, posterUrl] = await Promise.all([
    fileUrl(storage, row.mediaKey, visibility),
    url(row.thumbnailKey),
    url(row.posterKey),
  ]);
  return { imageUrl, thumbnailUrl, posterUrl };
}

export async function toKlip(row: KlipRow, attributes: Array<{ name: string; value: string }>, storage: Storage): Promise<Klip> {
  return {
    id: row.id,
    klipType: row.klipType,
    ...(await klipFileUrls(storage, row)),
    width: row.width,
    height: row.height,
    prompt: row.prompt,
    modelName: row.modelName,
    source: row.source,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    attributes: [...attributes].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** A row of the list query as the viewer's card. */
export async function toKlipCard(row: KlipListRow, viewer: Viewer | null, storage: Storage): Promise<KlipCard> {
  return {
    id: row.id,
    klipType: row.klipType,
    ...(await klipFileUrls(storage, row)),
    width: row.width,
    height: row.height,
    prompt: row.prompt,
    modelName: row.modelName,
    modelDisplayName: klipModelDisplayName(row.modelName),
    source: row.source,
    isPublic: row.isPublic,
    createdAt: row.createdAt,
    attributes: row.attributes,
    creator: { id: row.userId, displayName: row.creatorName, avatarUrl: avatarUrl(storage, row.avatarKey, row.avatarVersion) },
    counts: {
      archived: row.archivedCount,
      one_star: row.oneStarCount,
      two_stars: row.twoStarsCount,
      heart: row.heartCount,
      superlike: row.superlikeCount,
    },
    tags: row.tags,
    viewerVote: row.viewerVote,
    isOwner: viewer?.id === row.userId,
    canEdit: canEditKlip(viewer, { ownerId: row.userId }),
  };
}
