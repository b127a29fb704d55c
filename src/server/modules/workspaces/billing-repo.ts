import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';

// What billing asks about workspaces, without throwing for rows that are gone.

export async function workspaceExists(db: DbOrTx, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id));
  return row !== undefined;
}

export async function findPersonalWorkspace(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalOf, userId));
  return row?.id;
}
