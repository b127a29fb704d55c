import { eq } from 'drizzle-orm';
import { billingEvents, creditTransactions } from '#server/db/schema/index.ts';
import type { TestContext } from './test-app.ts';
import { getBalance } from '#server/modules/credits/ledger.ts';
import { personalWorkspaceId } from '#server/modules/workspaces/personal-repo.ts';

/** A user's purchase rows, oldest first. */
export async function purchasesOf(ctx: TestContext, userId: string) {
  const rows = await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
  return rows.filter((r) => r.type === 'purchase').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** True when the queue has nothing left to do for any stored billing event. */
export async function billingEventsProcessed(ctx: TestContext): Promise<boolean> {
  return (await ctx.database.db.select().from(billingEvents)).every((e) => e.processedAt !== null);
}

/** The balance of a user's personal workspace (where their own plan's credits go). */
export async function personalBalanceOf(ctx: TestContext, userId: string): Promise<number> {
  return getBalance(ctx.database.db, await personalWorkspaceId(ctx.database.db, userId));
}

/** A workspace's purchase rows, oldest first. */
export async function workspacePurchasesOf(ctx: TestContext, workspaceId: string) {
  const rows = await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, workspaceId));
  return rows.filter((r) => r.type === 'purchase').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
