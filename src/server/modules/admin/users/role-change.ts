import { accessMessages } from '#contracts/contract.ts';
import { adminUserMessages } from '#contracts/admin-users.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { countSuperAdmins, grantSuperAdmin, isSuperAdmin, lockRoleChanges, revokeSuperAdmin } from '../../roles/repo.ts';
import { findTargetUser } from './target-user.ts';

export interface RoleChange {
  email: string;
  isSuperAdmin: boolean;
  /** False when the user already had the role asked for. */
  changed: boolean;
}

/**
 * Promotes or demotes a user (docs/product-rules.md#god-mode-operator-tools). Every change runs
 * under one advisory lock and counts the super admins under it: two admins demoting each other at
 * once are serialized, and the second finds one admin left and is refused. The actor's own role is
 * read again under the lock, so an admin demoted a moment ago cannot change anyone's role.
 */
export async function changeRole(db: Db, actorId: string, userId: string, superAdmin: boolean): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    await lockRoleChanges(tx);
    if (!(await isSuperAdmin(tx, actorId))) throw new AppError('FORBIDDEN', accessMessages.adminOnly);
    const user = await findTargetUser(tx, userId);
    if (superAdmin) {
      if (!user.emailVerified) throw new AppError('CONFLICT', adminUserMessages.unverifiedPromotion);
      return { email: user.email, isSuperAdmin: true, changed: await grantSuperAdmin(tx, user.id) };
    }
    if (!(await isSuperAdmin(tx, user.id))) return { email: user.email, isSuperAdmin: false, changed: false };
    if ((await countSuperAdmins(tx)) <= 1) throw new AppError('CONFLICT', adminUserMessages.lastSuperAdmin);
    return { email: user.email, isSuperAdmin: false, changed: await revokeSuperAdmin(tx, user.id) };
  });
}
