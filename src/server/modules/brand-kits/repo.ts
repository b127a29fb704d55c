import { and, asc, count, desc, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { LogoVariant } from '#contracts/brand-kits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { brandKits } from '../../db/schema/index.ts';

// The brand kits' reads and writes. Every change runs in a transaction that holds the workspace's
// row lock (workspaces/context.ts lockedView), so counts and the default are judged one at a time.

export type BrandKitRow = typeof brandKits.$inferSelect;
export type NewBrandKit = Omit<typeof brandKits.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type BrandKitChanges = Partial<Pick<BrandKitRow, 'name' | 'colors' | 'headingFont' | 'bodyFont' | 'voice' | 'avoidWords'>>;

const ofWorkspace = (workspaceId: string, kitId: string) => and(eq(brandKits.workspaceId, workspaceId), eq(brandKits.id, kitId));

/** A workspace's kits, the default first, then oldest first. */
export async function listKits(db: DbOrTx, workspaceId: string): Promise<BrandKitRow[]> {
  return db
    .select()
    .from(brandKits)
    .where(eq(brandKits.workspaceId, workspaceId))
    .orderBy(desc(brandKits.isDefault), asc(brandKits.createdAt), asc(brandKits.id));
}

export async function findKit(db: DbOrTx, workspaceId: string, kitId: string): Promise<BrandKitRow | undefined> {
  const [row] = await db.select().from(brandKits).where(ofWorkspace(workspaceId, kitId));
  return row;
}

/** The workspace's default kit, if it has any kit. */
export async function findDefaultKit(db: DbOrTx, workspaceId: string): Promise<BrandKitRow | undefined> {
  const [row] = await db
    .select()
    .from(brandKits)
    .where(and(eq(brandKits.workspaceId, workspaceId), eq(brandKits.isDefault, true)));
  return row;
}

export async function countKits(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(brandKits).where(eq(brandKits.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function insertKit(db: DbOrTx, kit: NewBrandKit): Promise<BrandKitRow> {
  const [row] = await db.insert(brandKits).values(kit).returning();
  return row!;
}

export async function updateKit(
  db: DbOrTx,
  workspaceId: string,
  kitId: string,
  changes: BrandKitChanges,
): Promise<BrandKitRow | undefined> {
  const [row] = await db
    .update(brandKits)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(ofWorkspace(workspaceId, kitId))
    .returning();
  return row;
}

/** A logo's key and size, or none; returns the row as it is now. */
export async function setLogo(
  db: DbOrTx,
  workspaceId: string,
  kitId: string,
  variant: LogoVariant,
  logo: { key: string; width: number; height: number } | null,
): Promise<BrandKitRow | undefined> {
  const columns =
    variant === 'light'
      ? { lightLogoKey: logo?.key ?? null, lightLogoWidth: logo?.width ?? null, lightLogoHeight: logo?.height ?? null }
      : { darkLogoKey: logo?.key ?? null, darkLogoWidth: logo?.width ?? null, darkLogoHeight: logo?.height ?? null };
  const [row] = await db
    .update(brandKits)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(ofWorkspace(workspaceId, kitId))
    .returning();
  return row;
}

/**
 * Makes one kit the default: the old default is cleared first, then the new one set (two statements,
 * so the one-default index never sees two at once); the caller's transaction makes them one change.
 */
export async function switchDefault(db: DbOrTx, workspaceId: string, kitId: string): Promise<BrandKitRow | undefined> {
  await db
    .update(brandKits)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(brandKits.workspaceId, workspaceId), eq(brandKits.isDefault, true), ne(brandKits.id, kitId)));
  const [row] = await db
    .update(brandKits)
    .set({ isDefault: true, updatedAt: sql`now()` })
    .where(ofWorkspace(workspaceId, kitId))
    .returning();
  return row;
}

export async function deleteKit(db: DbOrTx, workspaceId: string, kitId: string): Promise<BrandKitRow | undefined> {
  const [row] = await db.delete(brandKits).where(ofWorkspace(workspaceId, kitId)).returning();
  return row;
}

/** The workspace's oldest kit, which becomes the default when the default is deleted. */
export async function oldestKit(db: DbOrTx, workspaceId: string): Promise<BrandKitRow | undefined> {
  const [row] = await db
    .select()
    .from(brandKits)
    .where(eq(brandKits.workspaceId, workspaceId))
    .orderBy(asc(brandKits.createdAt), asc(brandKits.id))
    .limit(1);
  return row;
}

/** Whether any kit of the workspace uses an uploaded font as its heading or body font. */
export async function fontUsedByKit(db: DbOrTx, workspaceId: string, fontId: string): Promise<boolean> {
  const uses = (column: AnyColumn) => sql`(${column}->>'kind' = 'uploaded' and ${column}->>'id' = ${fontId})`;
  const [row] = await db
    .select({ id: brandKits.id })
    .from(brandKits)
    .where(and(eq(brandKits.workspaceId, workspaceId), sql`(${uses(brandKits.headingFont)} or ${uses(brandKits.bodyFont)})`))
    .limit(1);
  return row !== undefined;
}
