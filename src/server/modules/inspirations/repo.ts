import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
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

/** Every stored file of a gallery: its pictures (or videos) and their thumbnails (or posters). */
async function galleryKeys(db: DbOrTx, table: Gallery): Promise<string[]> {
  const rows =
    table === kliptspirations
      ? await db.select({ a: kliptspirations.imageKey, b: kliptspirations.thumbnailKey }).from(kliptspirations)
      : await db.select({ a: videoKliptspirations.videoKey, b: videoKliptspirations.posterKey }).from(videoKliptspirations);
  return rows.flatMap((row) => [row.a, ...(row.b ? [row.b] : [])]);
}

/** A gallery is current when it has inspirations and every file of them was stored under `prefix` (this renderer's version). */
async function isGalleryCurrent(db: DbOrTx, table: Gallery, prefix: string): Promise<boolean> {
  const keys = await galleryKeys(db, table);
  return keys.length > 0 && keys.every((key) => key.startsWith(prefix));
}

/**
 * Replaces a gallery that is not current with new rows, in one transaction under a lock so two
 * seeders cannot both replace it: the keys of the files it replaced (to delete), or null when it
 * was already current and nothing changed.
 */
async function replaceGallery(db: Db, table: Gallery, prefix: string, insert: (tx: Tx) => Promise<unknown>): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('inspirations-seed'))`);
    if (await isGalleryCurrent(tx, table, prefix)) return null;
    const old = await galleryKeys(tx, table);
    await tx.delete(table);
    await insert(tx);
    return old;
  });
}

export const isImageGalleryCurrent = (db: DbOrTx, prefix: string) => isGalleryCurrent(db, kliptspirations, prefix);
export const isVideoGalleryCurrent = (db: DbOrTx, prefix: string) => isGalleryCurrent(db, videoKliptspirations, prefix);

export const replaceImageGallery = (db: Db, rows: Array<typeof kliptspirations.$inferInsert>, prefix: string) =>
  replaceGallery(db, kliptspirations, prefix, (tx) => tx.insert(kliptspirations).values(rows));

export const replaceVideoGallery = (db: Db, rows: Array<typeof videoKliptspirations.$inferInsert>, prefix: string) =>
  replaceGallery(db, videoKliptspirations, prefix, (tx) => tx.insert(videoKliptspirations).values(rows));
