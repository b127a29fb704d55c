import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { brandFonts } from '../../db/schema/index.ts';

// The uploaded fonts' reads and writes (a font's file is stored before its row, removed after it).

export type BrandFontRow = typeof brandFonts.$inferSelect;
export type NewBrandFont = typeof brandFonts.$inferInsert & { id: string };

export async function listFonts(db: DbOrTx, workspaceId: string): Promise<BrandFontRow[]> {
  return db.select().from(brandFonts).where(eq(brandFonts.workspaceId, workspaceId)).orderBy(asc(brandFonts.createdAt), asc(brandFonts.id));
}

export async function findFont(db: DbOrTx, workspaceId: string, fontId: string): Promise<BrandFontRow | undefined> {
  const [row] = await db
    .select()
    .from(brandFonts)
    .where(and(eq(brandFonts.workspaceId, workspaceId), eq(brandFonts.id, fontId)));
  return row;
}

/** Which of these ids are fonts of the workspace. */
export async function fontIdsOf(db: DbOrTx, workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: brandFonts.id })
    .from(brandFonts)
    .where(and(eq(brandFonts.workspaceId, workspaceId), inArray(brandFonts.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function countFonts(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(brandFonts).where(eq(brandFonts.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function insertFont(db: DbOrTx, font: NewBrandFont): Promise<BrandFontRow> {
  const [row] = await db.insert(brandFonts).values(font).returning();
  return row!;
}

export async function deleteFont(db: DbOrTx, workspaceId: string, fontId: string): Promise<BrandFontRow | undefined> {
  const [row] = await db
    .delete(brandFonts)
    .where(and(eq(brandFonts.workspaceId, workspaceId), eq(brandFonts.id, fontId)))
    .returning();
  return row;
}
