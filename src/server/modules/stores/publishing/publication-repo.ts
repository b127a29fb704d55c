import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '#server/db/client.ts';
import { storeProducts, storePublications } from '#server/db/schema/index.ts';

export type PublicationRow = typeof storePublications.$inferSelect;
export type PublicationWithProduct = PublicationRow & { productTitle: string };

/** How long one try may hold a publication before recovery gives it to another. */
export const PUBLISH_LEASE_SECONDS = 300;

/**
 * Inserts the publications that are new; one already there (the same klip on the same product of
 * the same store) is kept as it is, or queued again when it had failed. Returns every one asked for
 * and which of them need a try.
 */
export async function upsertPublications(
  tx: DbOrTx,
  rows: Array<Pick<PublicationRow, 'workspaceId' | 'connectionId' | 'productId' | 'klipId' | 'batchId' | 'requestedBy' | 'featured'>>,
): Promise<{ publications: PublicationRow[]; toQueue: string[] }> {
  if (rows.length === 0) return { publications: [], toQueue: [] };
  const inserted = await tx
    .insert(storePublications)
    .values(rows)
    .onConflictDoNothing({ target: [storePublications.connectionId, storePublications.klipId, storePublications.productId] })
    .returning({ id: storePublications.id });
  const requeued = await tx
    .update(storePublications)
    .set({ status: 'queued', error: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(storePublications.status, 'failed'),
        eq(storePublications.connectionId, rows[0]!.connectionId),
        sql`(${storePublications.klipId}, ${storePublications.productId}) in (${sql.join(
          rows.map((r) => sql`(${r.klipId}::uuid, ${r.productId}::uuid)`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: storePublications.id });
  const all = await tx
    .select()
    .from(storePublications)
    .where(
      and(
        eq(storePublications.connectionId, rows[0]!.connectionId),
        sql`(${storePublications.klipId}, ${storePublications.productId}) in (${sql.join(
          rows.map((r) => sql`(${r.klipId}::uuid, ${r.productId}::uuid)`),
          sql`, `,
        )})`,
      ),
    );
  return { publications: all, toQueue: [...inserted, ...requeued].map((r) => r.id) };
}

export async function findPublication(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(storePublications)
    .where(and(eq(storePublications.id, id), eq(storePublications.workspaceId, workspaceId)))
    .limit(1);
  return row;
}

/** A workspace's publications of one klip, or of one batch's klips, newest first, with their products' titles. */
export async function listPublicationRows(
  db: DbOrTx,
  workspaceId: string,
  filter: { klipId?: string | undefined; batchId?: string | undefined },
): Promise<PublicationWithProduct[]> {
  const rows = await db
    .select({ publication: storePublications, productTitle: storeProducts.title })
    .from(storePublications)
    .innerJoin(storeProducts, eq(storeProducts.id, storePublications.productId))
    .where(
      and(
        eq(storePublications.workspaceId, workspaceId),
        filter.klipId ? eq(storePublications.klipId, filter.klipId) : undefined,
        filter.batchId ? eq(storePublications.batchId, filter.batchId) : undefined,
      ),
    )
    .orderBy(desc(storePublications.createdAt), desc(storePublications.id))
    .limit(200);
  return rows.map(({ publication, productTitle }) => ({ ...publication, productTitle }));
}

export async function withProductTitles(db: DbOrTx, rows: PublicationRow[]): Promise<PublicationWithProduct[]> {
  if (rows.length === 0) return [];
  const titles = new Map(
    (
      await db
        .select({ id: storeProducts.id, title: storeProducts.title })
        .from(storeProducts)
        .where(inArray(storeProducts.id, [...new Set(rows.map((r) => r.productId))]))
    ).map((r) => [r.id, r.title]),
  );
  return rows.map((row) => ({ ...row, productTitle: titles.get(row.productId) ?? '' }));
}

/** A failed publication queued again (null when it is not failed). */
export async function requeueFailed(tx: DbOrTx, id: string): Promise<PublicationRow | undefined> {
  const [row] = await tx
    .update(storePublications)
    .set({ status: 'queued', error: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(storePublications.id, id), eq(storePublications.status, 'failed')))
    .returning();
  return row;
}

/**
 * Takes a publication for one try: queued, or publishing whose last try's lease ran out (a crash).
 * A second job for the same publication finds it taken and does nothing.
 */
export async function claimPublication(db: DbOrTx, id: string): Promise<PublicationRow | undefined> {
  const [row] = await db
    .update(storePublications)
    .set({
      status: 'publishing',
      attempts: sql`${storePublications.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${PUBLISH_LEASE_SECONDS})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(storePublications.id, id),
        sql`(${storePublications.status} = 'queued' or (${storePublications.status} = 'publishing' and ${storePublications.leaseUntil} < now()))`,
      ),
    )
    .returning();
  return row;
}

/** Recorded before the image is attached: from here on, a new try looks for it on the product first. */
export async function markAttaching(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(storePublications)
    .set({ stage: 'attaching', updatedAt: sql`now()` })
    .where(eq(storePublications.id, id));
}

export async function markPublished(db: DbOrTx, id: string, mediaId: string): Promise<void> {
  await db
    .update(storePublications)
    .set({ status: 'published', mediaId, error: null, leaseUntil: null, publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(storePublications.id, id), eq(storePublications.status, 'publishing')));
}

export async function markFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(storePublications)
    .set({ status: 'failed', error, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(storePublications.id, id), eq(storePublications.status, 'publishing')));
}

/** A try that could not reach the store: queued again for the next try, which starts after `afterSeconds`. */
export async function markRetrying(db: DbOrTx, id: string, error: string, afterSeconds: number): Promise<void> {
  await db
    .update(storePublications)
    .set({
      status: 'queued',
      error,
      leaseUntil: sql`now() + make_interval(secs => ${afterSeconds + PUBLISH_LEASE_SECONDS})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(storePublications.id, id), eq(storePublications.status, 'publishing')));
}

/**
 * Publications whose try was lost (a process that died mid-try, a job that expired): queued or
 * publishing past their lease, or queued without one for a minute. They are queued again with a new
 * lease, so the next sweep does not send them again while the try is on its way (a 'publishing' one
 * keeps its stage: the next try looks on the product first).
 */
export async function leaseOverduePublications(db: DbOrTx, limit = 100): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    update store_publications set status = 'queued', lease_until = now() + make_interval(secs => ${PUBLISH_LEASE_SECONDS}), updated_at = now()
    where id in (
      select id from store_publications
      where status in ('queued', 'publishing')
        and (lease_until < now() or (lease_until is null and updated_at < now() - interval '1 minute'))
      order by lease_until nulls first
      limit ${limit}
      for update skip locked)
    returning id`,
  );
  return rows.map((r) => r.id);
}
