import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kliptspirations, videoKliptspirations } from '../../db/schema/index.ts';

export type ImageInspirationRow = typeof kliptspirations.$inferSelect;
export type VideoInspirationRow = typeof videoKliptspirations.$inferSelect;
type Gallery = typeof kliptspirations | typeof videoKliptspirations;

export interface InspirationFilter {
  category?: string;
  subcategory?: string;
  search?: string;
}

function activeMatching(table: Gallery, filter: InspirationFilter): SQL | undefined {
  const conditions: SQL[] = [eq(table.isActive, true)];
  if (filter.category) conditions.push(eq(table.category, filter.category));
  if (filter.subcategory) conditions.push(eq(table.subcategory, filter.subcategory));
  if (filter.search) conditions.push(ilike(table.prompt, `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...conditions);
}

export async function listActiveImageInspirations(db: DbOrTx, filter: InspirationFilter): Promise<ImageInspirationRow[]> {
  return db
    .select()
    .from(kliptspirations)
    .where(activeMatching(kliptspirations, filter))
    .orderBy(desc(kliptspirations.createdAt), asc(kliptspirations.id))
    .limit(200);
}

export async function listActiveVideoInspirations(db: DbOrTx, filter: InspirationFilter): Promise<VideoInspirationRow[]> {
  return db
    .select()
    .from(videoKliptspirations)
    .where(activeMatching(videoKliptspirations, filter))
    .orderBy(desc(videoKliptspirations.createdAt), asc(videoKliptspirations.id))
    .limit(200);
}

export async function listImageInspirationCategories(db: DbOrTx): Promise<Array<{ category: string; subcategories: string[] }>> {
  return listCategories(db, kliptspirations);
}

export async function listVideoInspirationCategories(db: DbOrTx): Promise<Array<{ category: string; subcategories: string[] }>> {
  return listCategories(db, videoKliptspirations);
}

async function listCategories(db: DbOrTx, table: Gallery): Promise<Array<{ category: string; subcategories: string[] }>> {
  const rows = await db
    .selectDistinct({ category: table.category, subcategory: table.subcategory })
    .from(table)
    .where(eq(table.isActive, true))
    .orderBy(asc(table.category), asc(table.subcategory));
  const byCategory = new Map<string, string[]>();
  for (const row of rows) {
    const list = byCategory.get(row.category) ?? [];
    if (row.subcategory) list.push(row.subcategory);
    byCategory.set(row.category, list);
  }
  return [...byCategory].map(([category, subcategories]) => ({ category, subcategories }));
}

export async function countImageInspirations(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(kliptspirations);
  return row?.n ?? 0;
}

export async function countVideoInspirations(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(videoKliptspirations);
  return row?.n ?? 0;
}
