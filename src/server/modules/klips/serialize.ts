import type { Klip, KlipCard } from '#contracts/klips.ts';
import { klipModelDisplayName } from '#contracts/standard-models.ts';
import type { klips } from '../../db/schema/index.ts';
import { fileUrl, klipFileVisibility, type Storage } from '../../providers/storage/storage.ts';
import { canEditKlip, canSeeKlipMaker, isOwnKlip, type Viewer } from '../access/rules.ts';
import { avatarUrl } from '../profiles/service.ts';
import type { KlipListRow } from './list-query.ts';
import { klipRenditions } from './renditions.ts';

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
    renditions: klipRenditions(row),
    width: row.width,
    height: row.height,
    prompt: row.prompt,
    modelName: row.modelName,
    modelDisplayName: klipModelDisplayName(row.modelName),
    source: row.source,
    isPublic: row.isPublic,
    createdAt: row.createdAt,
    attributes: row.attributes,
    creator: klipCreator(row, storage),
    madeBy: canSeeKlipMaker(viewer, row) ? { id: row.userId, displayName: row.creatorName } : null,
    counts: {
      archived: row.archivedCount,
      one_star: row.oneStarCount,
      two_stars: row.twoStarsCount,
      heart: row.heartCount,
      superlike: row.superlikeCount,
    },
    tags: row.tags,
    viewerVote: row.viewerVote,
    isOwner: isOwnKlip(viewer, row),
    canEdit: canEditKlip(viewer, row),
  };
}

/** Who a klip is credited to in public: a team's klip to the team (its name and avatar), a personal one to its maker's profile. */
export function klipCreator(
  row: Pick<
    KlipListRow,
    | 'userId'
    | 'creatorName'
    | 'avatarKey'
    | 'avatarVersion'
    | 'workspaceId'
    | 'workspaceKind'
    | 'workspaceName'
    | 'workspaceAvatarKey'
    | 'workspaceVersion'
  >,
  storage: Storage,
): KlipCard['creator'] {
  return row.workspaceKind === 'team'
    ? { id: row.workspaceId, displayName: row.workspaceName, avatarUrl: avatarUrl(storage, row.workspaceAvatarKey, row.workspaceVersion) }
    : { id: row.userId, displayName: row.creatorName, avatarUrl: avatarUrl(storage, row.avatarKey, row.avatarVersion) };
}
