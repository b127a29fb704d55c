import type { AdminWorkspace } from '#contracts/admin-workspaces.ts';
import type { Db } from '#server/db/client.ts';
import type { ActivityRecorder } from '../../activity/log.ts';
import { adjustWorkspaceCredits } from '../users/credit-adjustment.ts';
import { adminWorkspacePage } from './workspace-list.ts';

/** God Mode's Workspaces tab: every workspace with plan, seats, balance and members; credits adjusted by super admins. */
export interface AdminWorkspaceService {
  list(query: {
    search?: string | undefined;
    cursor?: string | undefined;
  }): Promise<{ workspaces: AdminWorkspace[]; nextCursor: string | null }>;
  /** The workspace's balance after the adjustment. */
  adjustCredits(actorId: string, workspaceId: string, input: { amount: number; reason: string }): Promise<number>;
}

export function createAdminWorkspaceService(deps: { db: Db; recordActivity: ActivityRecorder }): AdminWorkspaceService {
  const { db, recordActivity } = deps;
  return {
    list: (query) => adminWorkspacePage(db, query),
    async adjustCredits(actorId, workspaceId, { amount, reason }) {
      const adjustment = await adjustWorkspaceCredits(db, workspaceId, amount, reason);
      const signed = amount > 0 ? `+${amount}` : `${amount}`;
      await recordActivity({
        type: 'credit_adjustment',
        message: `${adjustment.workspaceName} (${adjustment.ownerEmail}): ${signed} credits (${reason}), balance ${adjustment.balance}`,
        details: {
          workspaceId,
          workspaceName: adjustment.workspaceName,
          email: adjustment.ownerEmail,
          amount,
          reason,
          balanceAfter: adjustment.balance,
        },
        actorId,
      });
      return adjustment.balance;
    },
  };
}
