import type { Klip } from '../../../contracts/klips.ts';
import type { klips } from '../../db/schema/index.ts';
import type { Storage } from '../../providers/storage/storage.ts';

export type KlipRow = typeof klips.$inferSelect;

export function toKlip(row: KlipRow, attributes: Array<{ name: string; value: string }>, storage: Storage): Klip {
  return {
    id: row.id,
    klipType: row.klipType,
    imageUrl: storage.publicUrl(row.mediaKey),
    thumbnailUrl: row.thumbnailKey ? storage.publicUrl(row.thumbnailKey) : null,
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
