import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';

/** The personal workspace of an account (made with it by the `users` trigger of migration 0005). */
export async function personalWorkspaceId(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalOf, userId)).limit(1);
  if (!row) throw new Error(`user ${userId} has no personal workspace`);
  return row.id;
}
