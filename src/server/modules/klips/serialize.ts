import type { Klip, KlipCard } from '../../../contracts/klips.ts';
import { klipModelDisplayName } from '../../../contracts/standard-models.ts';
import type { klips } from '../../db/schema/index.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { canEditKlip, type Viewer } from '../access/rules.ts';
import { avatarUrl } from '../profiles/service.ts';
import type { KlipListRow } from './list-query.ts';

export type KlipRow = typeof klips.$inferSelect;

export function toKlip(row: KlipRow, attributes: Array<{ name: string; value: string }>, storage: Storage): Klip {
  return {
    id: row.id,
    klipType: row.klipType,
    imageUrl: storage.publicUrl(row.mediaKey),
    thumbnailUrl: row.thumbnailKey ? storage.publicUrl(row.thumbnailKey) : null,
    posterUrl: row.posterKey ? storage.publicUrl(row.posterKey) : null,
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
export function toKlipCard(row: KlipListRow, viewer: Viewer | null, storage: Storage): KlipCard {
  return {
    id: row.id,
    klipType: row.klipType,
    imageUrl: storage.publicUrl(row.mediaKey),
    thumbnailUrl: row.thumbnailKey ? storage.publicUrl(row.thumbnailKey) : null,
    posterUrl: row.posterKey ? storage.publicUrl(row.posterKey) : null,
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
