import { and, count, eq, sql } from 'drizzle-orm';
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

/** True when the user was not a super admin before. */
export async function grantSuperAdmin(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .insert(userRoles)
    .values({ userId, role: 'super_admin' })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

/** True when the user was a super admin before. */
export async function revokeSuperAdmin(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'super_admin')))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

export async function anySuperAdminExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'super_admin')).limit(1);
  return rows.length > 0;
}

export async function countSuperAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, 'super_admin'));
  return row?.n ?? 0;
}

/**
 * Serializes the role changes of every admin: a count of super admins read under it stays true
 * until the transaction ends, so two admins demoting each other cannot both pass the "not the
 * last one" check. Released at commit.
 */
export async function lockRoleChanges(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roles:super_admin'))`);
}
