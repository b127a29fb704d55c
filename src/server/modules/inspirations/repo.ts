import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kliptspirations } from '../../db/schema/index.ts';

export type ImageInspirationRow = typeof kliptspirations.$inferSelect;

export async function listActiveImageInspirations(
  db: DbOrTx,
  filter: { category?: string; subcategory?: string; search?: string },
): Promise<ImageInspirationRow[]> {
  const conditions: SQL[] = [eq(kliptspirations.isActive, true)];
  if (filter.category) conditions.push(eq(kliptspirations.category, filter.category));
  if (filter.subcategory) conditions.push(eq(kliptspirations.subcategory, filter.subcategory));
  if (filter.search) conditions.push(ilike(kliptspirations.prompt, `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return db
    .select()
    .from(kliptspirations)
    .where(and(...conditions))
    .orderBy(desc(kliptspirations.createdAt), asc(kliptspirations.id))
    .limit(200);
}

export async function listImageInspirationCategories(db: DbOrTx): Promise<Array<{ category: string; subcategories: string[] }>> {
  const rows = await db
    .selectDistinct({ category: kliptspirations.category, subcategory: kliptspirations.subcategory })
    .from(kliptspirations)
    .where(eq(kliptspirations.isActive, true))
    .orderBy(asc(kliptspirations.category), asc(kliptspirations.subcategory));
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
