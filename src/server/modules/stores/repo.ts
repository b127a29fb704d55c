import { and, asc, count, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  userProfiles,
  shopifyOAuthStates,
  storeConnections,
  storeProductImages,
  storeProducts,
  storePublications,
  uploads,
  users,
  workspaceMembers,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql-text.ts';
import type { StoreConnectionRow } from './clients.ts';

export type StoreProductRow = typeof storeProducts.$inferSelect;
export type StoreImageRow = typeof storeProductImages.$inferSelect;

export async function findConnection(db: DbOrTx, workspaceId: string): Promise<StoreConnectionRow | undefined> {
  const [row] = await db.select().from(storeConnections).where(eq(storeConnections.workspaceId, workspaceId));
  return row;
}

export async function findConnectionById(db: DbOrTx, id: string): Promise<StoreConnectionRow | undefined> {
  const [row] = await db.select().from(storeConnections).where(eq(storeConnections.id, id));
  return row;
}

export async function connectionsOfShop(db: DbOrTx, shopDomain: string): Promise<StoreConnectionRow[]> {
  return db.select().from(storeConnections).where(eq(storeConnections.shopDomain, shopDomain));
}

/** Inserts a connection; undefined when the workspace already has one (the unique index decides, not a read before). */
export async function insertConnection(db: DbOrTx, values: typeof storeConnections.$inferInsert): Promise<StoreConnectionRow | undefined> {
  const [row] = await db.insert(storeConnections).values(values).onConflictDoNothing({ target: storeConnections.workspaceId }).returning();
  return row;
}

export async function updateConnection(
  db: DbOrTx,
  id: string,
  set: Partial<typeof storeConnections.$inferInsert>,
): Promise<StoreConnectionRow | undefined> {
  const [row] = await db.update(storeConnections).set(set).where(eq(storeConnections.id, id)).returning();
  return row;
}

/** Marks the import running unless it already is; false when one is running. */
export async function claimImport(db: DbOrTx, id: string, set: Partial<typeof storeConnections.$inferInsert> = {}): Promise<boolean> {
  const rows = await db
    .update(storeConnections)
    .set({ ...set, syncStatus: 'running', syncError: null })
    .where(and(eq(storeConnections.id, id), sql`${storeConnections.syncStatus} <> 'running'`))
    .returning({ id: storeConnections.id });
  return rows.length > 0;
}

export async function deleteConnection(db: DbOrTx, id: string): Promise<void> {
  await db.delete(storeConnections).where(eq(storeConnections.id, id));
}

export async function runningImports(db: DbOrTx): Promise<StoreConnectionRow[]> {
  return db.select().from(storeConnections).where(eq(storeConnections.syncStatus, 'running'));
}

/** The display name of the member who connected the store. */
export async function connectorName(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ name: sql<string>`coalesce(${userProfiles.displayName}, ${users.name})` })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

/** Products (not deleted) and copied images of a connection. */
export async function catalogueCounts(db: DbOrTx, connectionId: string): Promise<{ products: number; images: number }> {
  const [products] = await db
    .select({ n: count() })
    .from(storeProducts)
    .where(and(eq(storeProducts.connectionId, connectionId), isNull(storeProducts.deletedAt)));
  const [images] = await db
    .select({ n: count() })
    .from(storeProductImages)
    .innerJoin(storeProducts, eq(storeProducts.id, storeProductImages.productId))
    .where(
      and(eq(storeProducts.connectionId, connectionId), isNull(storeProducts.deletedAt), sql`${storeProductImages.uploadId} is not null`),
    );
  return { products: products?.n ?? 0, images: images?.n ?? 0 };
}

/**
 * Whose product photos the imported images become: the member who connected the store while they
 * are still in the workspace, else its owner.
 */
export async function importOwnerId(db: DbOrTx, connection: StoreConnectionRow): Promise<string | null> {
  const members = await db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, connection.workspaceId));
  if (connection.connectedBy && members.some((m) => m.userId === connection.connectedBy)) return connection.connectedBy;
  return members.find((m) => m.role === 'owner')?.userId ?? null;
}

// Products and images.

export async function upsertProduct(
  db: DbOrTx,
  values: Omit<typeof storeProducts.$inferInsert, 'id' | 'syncedAt' | 'deletedAt'>,
): Promise<StoreProductRow> {
  const [row] = await db
    .insert(storeProducts)
    .values(values)
    .onConflictDoUpdate({
      target: [storeProducts.connectionId, storeProducts.externalId],
      set: {
        title: values.title,
        handle: values.handle,
        status: values.status,
        vendor: values.vendor,
        productType: values.productType,
        tags: values.tags,
        description: values.description,
        externalUpdatedAt: values.externalUpdatedAt,
        deletedAt: null,
        syncedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Drops Klipt's copy of images the store no longer has on the product (their uploads stay). */
export async function removeImagesOtherThan(db: DbOrTx, productId: string, keep: readonly string[]): Promise<void> {
  await db
    .delete(storeProductImages)
    .where(
      and(eq(storeProductImages.productId, productId), ...(keep.length > 0 ? [notInArray(storeProductImages.externalId, [...keep])] : [])),
    );
}

/** An image as the store has it now; a changed address means another picture, so its copy is made again. */
export async function upsertImage(
  db: DbOrTx,
  values: { productId: string; externalId: string; sourceUrl: string; alt: string | null; position: number },
): Promise<StoreImageRow> {
  const t = storeProductImages;
  const [row] = await db
    .insert(t)
    .values(values)
    .onConflictDoUpdate({
      target: [t.productId, t.externalId],
      set: {
        alt: values.alt,
        position: values.position,
        sourceUrl: values.sourceUrl,
        uploadId: sql`case when ${t.sourceUrl} = excluded.source_url then ${t.uploadId} else null end`,
        copyError: sql`case when ${t.sourceUrl} = excluded.source_url then ${t.copyError} else null end`,
      },
    })
    .returning();
  return row!;
}

export async function setImageCopy(db: DbOrTx, imageId: string, result: { uploadId: string } | { copyError: string }): Promise<void> {
  await db
    .update(storeProductImages)
    .set('uploadId' in result ? { uploadId: result.uploadId, copyError: null } : { copyError: result.copyError })
    .where(eq(storeProductImages.id, imageId));
}

export async function markProductDeleted(db: DbOrTx, connectionId: string, externalId: string): Promise<void> {
  await db
    .update(storeProducts)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(storeProducts.connectionId, connectionId), eq(storeProducts.externalId, externalId), isNull(storeProducts.deletedAt)));
}

/** The picker's page: live products by (title, id) after the cursor, matching the search; one more than `size`. */
export async function listProductRows(
  db: DbOrTx,
  workspaceId: string,
  options: { q?: string | undefined; after?: readonly [string, string] | undefined; size: number },
): Promise<StoreProductRow[]> {
  const p = storeProducts;
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return db
    .select()
    .from(p)
    .where(
      and(
        eq(p.workspaceId, workspaceId),
        isNull(p.deletedAt),
        pattern
          ? sql`(${p.title} ilike ${pattern} or ${p.vendor} ilike ${pattern} or ${p.productType} ilike ${pattern} or ${p.handle} ilike ${pattern} or ${p.tags}::text ilike ${pattern})`
          : undefined,
        options.after ? sql`(${p.title}, ${p.id}) > (${options.after[0]}, ${options.after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(p.title), asc(p.id))
    .limit(options.size + 1);
}

export interface ImageWithUpload {
  image: StoreImageRow;
  upload: { key: string; thumbnailKey: string | null; width: number; height: number } | null;
}

export async function imagesOfProducts(db: DbOrTx, productIds: readonly string[]): Promise<ImageWithUpload[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      image: storeProductImages,
      upload: { key: uploads.key, thumbnailKey: uploads.thumbnailKey, width: uploads.width, height: uploads.height },
    })
    .from(storeProductImages)
    .leftJoin(uploads, eq(uploads.id, storeProductImages.uploadId))
    .where(inArray(storeProductImages.productId, [...productIds]))
    .orderBy(asc(storeProductImages.position));
}

export async function publishedCounts(db: DbOrTx, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: storePublications.productId, n: count() })
    .from(storePublications)
    .where(and(inArray(storePublications.productId, [...productIds]), eq(storePublications.status, 'published')))
    .groupBy(storePublications.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

// OAuth states.

export async function insertOAuthState(db: DbOrTx, values: typeof shopifyOAuthStates.$inferInsert): Promise<void> {
  await db.insert(shopifyOAuthStates).values(values);
  // Old ones are of no use to anyone: cleared as new ones are made.
  await db.delete(shopifyOAuthStates).where(lt(shopifyOAuthStates.expiresAt, sql`now() - interval '1 day'`));
}

/** Takes the state once: a second callback with the same nonce finds nothing. */
export async function consumeOAuthState(db: DbOrTx, nonce: string): Promise<typeof shopifyOAuthStates.$inferSelect | undefined> {
  const [row] = await db.delete(shopifyOAuthStates).where(eq(shopifyOAuthStates.nonce, nonce)).returning();
  return row;
}
