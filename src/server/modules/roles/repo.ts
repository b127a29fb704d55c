import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userRoles } from '../../db/schema/index.ts';

/**
 * The one check every admin route uses. Any failure (no row, a database error) answers
 * "not an admin": the caller never gets more rights because something went wrong.
 */
export async function isSuperAdmin(db: DbOrTx, userId: string): Promise<boolean> {
  try {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'super_admin')))
      .limit(1);
    return rows.length === 1;
  } catch {
    return false;
  }
}

export async function grantSuperAdmin(db: DbOrTx, userId: string): Promise<void> {
  await db.insert(userRoles).values({ userId, role: 'super_admin' }).onConflictDoNothing();
}

export async function anySuperAdminExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'super_admin')).limit(1);
  return rows.length > 0;
}
