import type { AdminUser } from '#contracts/admin-users.ts';
import type { Db } from '#server/db/client.ts';
import type { ActivityRecorder } from '../../activity/log.ts';
import { adjustUserCredits } from './credit-adjustment.ts';
import { changeRole } from './role-change.ts';
import { adminUserPage } from './user-list.ts';

/** God Mode's Users tab: every user with balance, role and klip count; credits and roles changed by super admins. */
export interface AdminUserService {
  list(query: { search?: string | undefined; cursor?: string | undefined }): Promise<{ users: AdminUser[]; nextCursor: string | null }>;
  /** The balance of the user's personal workspace after the adjustment. */
  adjustCredits(actorId: string, userId: string, input: { amount: number; reason: string }): Promise<number>;
  setRole(actorId: string, userId: string, superAdmin: boolean): Promise<boolean>;
}

export function createAdminUserService(deps: { db: Db; recordActivity: ActivityRecorder }): AdminUserService {
  const { db, recordActivity } = deps;
  return {
    list: (query) => adminUserPage(db, query),
    async adjustCredits(actorId, userId, { amount, reason }) {
      const { email, balance, workspaceId } = await adjustUserCredits(db, userId, amount, reason);
      const signed = amount > 0 ? `+${amount}` : `${amount}`;
      await recordActivity({
        type: 'credit_adjustment',
        message: `${email}: ${signed} credits (${reason}), balance ${balance}`,
        details: { userId, email, workspaceId, amount, reason, balanceAfter: balance },
        actorId,
      });
      return balance;
    },
    async setRole(actorId, userId, superAdmin) {
      const change = await changeRole(db, actorId, userId, superAdmin);
      if (change.changed) {
        await recordActivity({
          type: 'role_changed',
          message: change.isSuperAdmin ? `${change.email} is now a super admin` : `${change.email} is no longer a super admin`,
          details: { userId, email: change.email, superAdmin: change.isSuperAdmin },
          actorId,
        });
      }
      return change.isSuperAdmin;
    },
  };
}
