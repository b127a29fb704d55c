import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { klips } from '../../db/schema/index.ts';

export interface KlipFiles {
  workspaceId: string;
  isPublic: boolean;
  keys: string[];
}

/**
 * The owning workspace, visibility and stored files of the klip whose keys are named after `stem`: the
 * generation job that made it (modules/generation/output.ts) or the klip's own id (rows made
 * without a job). Two unique-index lookups.
 */
export async function findKlipFilesByStem(db: DbOrTx, stem: string): Promise<KlipFiles | undefined> {
  const [row] = await db
    .select({
      workspaceId: klips.workspaceId,
      isPublic: klips.isPublic,
      mediaKey: klips.mediaKey,
      thumbnailKey: klips.thumbnailKey,
      posterKey: klips.posterKey,
    })
    .from(klips)
    .where(or(eq(klips.generationJobId, stem), eq(klips.id, stem)))
    .limit(1);
  if (!row) return undefined;
  const keys = [row.mediaKey, row.thumbnailKey, row.posterKey].filter((key): key is string => key !== null);
  return { workspaceId: row.workspaceId, isPublic: row.isPublic, keys };
}
