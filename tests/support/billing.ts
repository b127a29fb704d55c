import { eq } from 'drizzle-orm';
import { billingEvents, creditTransactions } from '#server/db/schema/index.ts';
import type { TestContext } from './test-app.ts';

/** A user's purchase rows, oldest first. */
export async function purchasesOf(ctx: TestContext, userId: string) {
  const rows = await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
  return rows.filter((r) => r.type === 'purchase').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** True when the queue has nothing left to do for any stored billing event. */
export async function billingEventsProcessed(ctx: TestContext): Promise<boolean> {
  return (await ctx.database.db.select().from(billingEvents)).every((e) => e.processedAt !== null);
}
