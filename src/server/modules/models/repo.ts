import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { aiModels, trainedModelAttributes, trainedModels } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql-text.ts';

export type StandardModelRow = typeof aiModels.$inferSelect;
export type TrainedModelRow = typeof trainedModels.$inferSelect;
export type TrainedModelWithAttributes = TrainedModelRow & { attributes: Array<{ name: string; value: string }> };

export async function listActiveStandardModels(db: DbOrTx): Promise<StandardModelRow[]> {
  return db.select().from(aiModels).where(eq(aiModels.isActive, true)).orderBy(asc(aiModels.sortOrder), asc(aiModels.createdAt));
}

/** Every standard model, active or not, in display order (God Mode). */
export async function listAllStandardModels(db: DbOrTx): Promise<StandardModelRow[]> {
  return db.select().from(aiModels).orderBy(asc(aiModels.sortOrder), asc(aiModels.createdAt));
}

/** The model with its new flag and the flag it had; undefined when there is no such model. */
export async function setStandardModelActive(
  db: DbOrTx,
  id: string,
  isActive: boolean,
): Promise<{ model: StandardModelRow; wasActive: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ isActive: aiModels.isActive }).from(aiModels).where(eq(aiModels.id, id)).for('update');
    if (!before) return undefined;
    const [model] = await tx.update(aiModels).set({ isActive }).where(eq(aiModels.id, id)).returning();
    return { model: model!, wasActive: before.isActive };
  });
}

export async function findStandardModel(db: DbOrTx, id: string): Promise<StandardModelRow | undefined> {
  const [row] = await db.select().from(aiModels).where(eq(aiModels.id, id)).limit(1);
  return row;
}

async function withAttributes(db: DbOrTx, rows: TrainedModelRow[]): Promise<TrainedModelWithAttributes[]> {
  if (rows.length === 0) return [];
  const attrs = await db
    .select()
    .from(trainedModelAttributes)
    .where(
      inArray(
        trainedModelAttributes.modelId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(trainedModelAttributes.name));
  return rows.map((r) => ({ ...r, attributes: attrs.filter((a) => a.modelId === r.id).map((a) => ({ name: a.name, value: a.value })) }));
}

export interface TrainedModelFilter {
  /** Which models the viewer may see (access/rules.ts). */
  scope: { all: true } | { publicOrOfWorkspace: string | null };
  publicOnly?: boolean;
  type?: TrainedModelRow['type'];
  search?: string;
}

export async function listTrainedModels(db: DbOrTx, filter: TrainedModelFilter): Promise<TrainedModelWithAttributes[]> {
  const conditions: SQL[] = [];
  if (filter.publicOnly) conditions.push(eq(trainedModels.isPublic, true));
  else if ('publicOrOfWorkspace' in filter.scope) {
    const workspaceId = filter.scope.publicOrOfWorkspace;
    conditions.push(
      workspaceId === null
        ? eq(trainedModels.isPublic, true)
        : or(eq(trainedModels.isPublic, true), eq(trainedModels.workspaceId, workspaceId))!,
    );
  }
  if (filter.type) conditions.push(eq(trainedModels.type, filter.type));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(trainedModels.name, pattern), ilike(trainedModels.triggerWord, pattern), ilike(trainedModels.testPrompt, pattern))!,
    );
  }
  const rows = await db
    .select()
    .from(trainedModels)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(trainedModels.createdAt), asc(trainedModels.id))
    .limit(200);
  return withAttributes(db, rows);
}

export async function findTrainedModel(db: DbOrTx, id: string): Promise<TrainedModelWithAttributes | undefined> {
  const [row] = await db.select().from(trainedModels).where(eq(trainedModels.id, id)).limit(1);
  return row ? (await withAttributes(db, [row]))[0] : undefined;
}

export async function setTrainedModelPublic(db: DbOrTx, id: string, isPublic: boolean): Promise<void> {
  await db.update(trainedModels).set({ isPublic }).where(eq(trainedModels.id, id));
}
