import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { demoStoreMedia } from '#server/db/schema/index.ts';

/** The SQL of the media workspaces publish onto the demo store's products. */

export type DemoMediaRow = typeof demoStoreMedia.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A product's published media in their order. */
export function listDemoMedia(db: DbOrTx, workspaceId: string, handle: string): Promise<DemoMediaRow[]> {
  return db
    .select()
    .from(demoStoreMedia)
    .where(and(eq(demoStoreMedia.workspaceId, workspaceId), eq(demoStoreMedia.productHandle, handle)))
    .orderBy(asc(demoStoreMedia.position), asc(demoStoreMedia.createdAt), asc(demoStoreMedia.id));
}

/** Every product's published media in the workspace, by product handle, each in order. */
export async function listAllDemoMedia(db: DbOrTx, workspaceId: string): Promise<Map<string, DemoMediaRow[]>> {
  const rows = await db
    .select()
    .from(demoStoreMedia)
    .where(eq(demoStoreMedia.workspaceId, workspaceId))
    .orderBy(asc(demoStoreMedia.productHandle), asc(demoStoreMedia.position), asc(demoStoreMedia.createdAt), asc(demoStoreMedia.id));
  const byHandle = new Map<string, DemoMediaRow[]>();
  for (const row of rows) byHandle.set(row.productHandle, [...(byHandle.get(row.productHandle) ?? []), row]);
  return byHandle;
}

export interface NewDemoMedia {
  workspaceId: string;
  handle: string;
  storageKey: string;
  fileName: string;
  alt: string;
  featured: boolean;
  /** The catalogue's own photos of the product: positions count them too. */
  cataloguePhotos: number;
}

/**
 * Adds a medium to a product: featured ones take position 0 and push the product's other
 * published media one place on; the others go last. Positions are places among all the
 * product's media, catalogue photos included (product-media.ts puts them together).
 */
export function insertDemoMedia(db: Db, media: NewDemoMedia): Promise<string> {
  return db.transaction(async (tx) => {
    const ofProduct = and(eq(demoStoreMedia.workspaceId, media.workspaceId), eq(demoStoreMedia.productHandle, media.handle));
    let position: number;
    if (media.featured) {
      await tx
        .update(demoStoreMedia)
        .set({ position: sql`${demoStoreMedia.position} + 1` })
        .where(ofProduct);
      position = 0;
    } else {
      const [existing] = await tx.select({ n: count() }).from(demoStoreMedia).where(ofProduct);
      position = media.cataloguePhotos + (existing?.n ?? 0);
    }
    const [row] = await tx
      .insert(demoStoreMedia)
      .values({
        workspaceId: media.workspaceId,
        productHandle: media.handle,
        storageKey: media.storageKey,
        fileName: media.fileName,
        alt: media.alt,
        position,
      })
      .returning({ id: demoStoreMedia.id });
    return row!.id;
  });
}

export async function findDemoMediaByFileName(
  db: DbOrTx,
  workspaceId: string,
  handle: string,
  fileName: string,
): Promise<DemoMediaRow | null> {
  const [row] = await db
    .select()
    .from(demoStoreMedia)
    .where(
      and(eq(demoStoreMedia.workspaceId, workspaceId), eq(demoStoreMedia.productHandle, handle), eq(demoStoreMedia.fileName, fileName)),
    )
    .orderBy(asc(demoStoreMedia.createdAt))
    .limit(1);
  return row ?? null;
}

/** A workspace's medium by id; null for another workspace's, or an id that is no uuid. */
export async function findDemoMediaById(db: DbOrTx, workspaceId: string, id: string): Promise<DemoMediaRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(demoStoreMedia)
    .where(and(eq(demoStoreMedia.workspaceId, workspaceId), eq(demoStoreMedia.id, id)))
    .limit(1);
  return row ?? null;
}

/** Deletes the workspace's published media; their storage keys, for the files to go too. */
export async function deleteDemoMedia(db: DbOrTx, workspaceId: string): Promise<string[]> {
  const rows = await db
    .delete(demoStoreMedia)
    .where(eq(demoStoreMedia.workspaceId, workspaceId))
    .returning({ storageKey: demoStoreMedia.storageKey });
  return rows.map((row) => row.storageKey);
}
