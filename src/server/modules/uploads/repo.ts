import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: DbOrTx, row: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [inserted] = await db.insert(uploads).values(row).returning();
  return inserted!;
}

/** Several uploads in one query (a batch's product photos). */
export async function findUploads(db: DbOrTx, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(sql`${uploads.id} = any(${sql.param(ids)}::uuid[])`);
}
