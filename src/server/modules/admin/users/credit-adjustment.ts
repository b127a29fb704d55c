import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { adminUserMessages } from '#contracts/admin-users.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import type { WorkspaceKind } from '#contracts/workspace-kinds.ts';
import type { DbOrTx, Db } from '#server/db/client.ts';
import { users, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bookOnce, getBalance, lockCredits } from '../../credits/ledger.ts';
import { personalWorkspaceId } from '../../workspaces/personal-repo.ts';
import { findTargetUser } from './target-user.ts';

export interface CreditAdjustment {
  workspaceId: string;
  workspaceName: string;
  kind: WorkspaceKind;
  /** The workspace owner's email: the member the ledger row is for. */
  ownerEmail: string;
  balance: number;
}

interface TargetWorkspace {
  id: string;
  name: string;
  kind: WorkspaceKind;
  ownerId: string;
  ownerEmail: string;
}

/** The workspace an adjustment is for, with its owner; 404 when there is none. */
async function findTargetWorkspace(db: DbOrTx, id: string): Promise<TargetWorkspace> {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, kind: workspaces.kind, ownerId: users.id, ownerEmail: users.email })
    .from(workspaces)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaces.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  return row;
}

/**
 * Grants (positive) or deducts (negative) credits as one `adjustment` row of a workspace's ledger,
 * whose description is the reason and whose member is the workspace's owner (the ledger's user is
 * who a row is for). Under the workspace's credit lock, so a deduction racing a generation by any
 * member cannot take the balance below zero; refused with nothing written when it would.
 */
export async function adjustWorkspaceCredits(db: Db, workspaceId: string, amount: number, reason: string): Promise<CreditAdjustment> {
  return db.transaction(async (tx) => {
    const workspace = await findTargetWorkspace(tx, workspaceId);
    return adjustLocked(tx, workspace, amount, reason);
  });
}

/** The Users tab's adjustment: it changes the balance of the user's personal workspace. */
export async function adjustUserCredits(
  db: Db,
  userId: string,
  amount: number,
  reason: string,
): Promise<CreditAdjustment & { email: string }> {
  return db.transaction(async (tx) => {
    const user = await findTargetUser(tx, userId);
    const workspace = await findTargetWorkspace(tx, await personalWorkspaceId(tx, user.id));
    return { ...(await adjustLocked(tx, workspace, amount, reason)), email: user.email };
  });
}

async function adjustLocked(tx: DbOrTx, workspace: TargetWorkspace, amount: number, reason: string): Promise<CreditAdjustment> {
  await lockCredits(tx, workspace.id);
  const balance = await getBalance(tx, workspace.id);
  if (balance + amount < 0) throw new AppError('CONFLICT', adminUserMessages.belowZero);
  // Each request is its own adjustment: a fresh reference, never matched by another row.
  await bookOnce(tx, {
    workspaceId: workspace.id,
    userId: workspace.ownerId,
    amount,
    type: 'adjustment',
    reference: `adjustment:${randomUUID()}`,
    description: reason,
  });
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    kind: workspace.kind,
    ownerEmail: workspace.ownerEmail,
    balance: balance + amount,
  };
}
