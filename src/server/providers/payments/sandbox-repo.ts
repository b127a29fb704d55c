import { and, desc, eq, notInArray } from 'drizzle-orm';
import { endedSubscriptionStatuses } from '#contracts/billing.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxSubscriptions } from '../../db/schema/index.ts';

/** The sandbox's own store: the subscriptions Stripe would hold on its side, kept in Klipt's database. */
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
type SandboxSubscriptionChanges = Partial<Omit<typeof sandboxSubscriptions.$inferInsert, 'id'>>;

export async function findSandboxSubscription(db: DbOrTx, id: string): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  return row;
}

/** The workspace's newest sandbox subscription, ended or not. */
export async function latestSandboxSubscription(db: DbOrTx, workspaceId: string): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.workspaceId, workspaceId))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1);
  return row;
}

/** The workspace's sandbox subscription that has not ended, if any: while it exists no second one may start. */
export async function liveSandboxSubscription(db: DbOrTx, workspaceId: string): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSubscriptions)
    .where(and(eq(sandboxSubscriptions.workspaceId, workspaceId), notInArray(sandboxSubscriptions.status, [...endedSubscriptionStatuses])))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1);
  return row;
}

export async function insertSandboxSubscription(
  db: DbOrTx,
  values: typeof sandboxSubscriptions.$inferInsert,
): Promise<SandboxSubscriptionRow> {
  const [row] = await db.insert(sandboxSubscriptions).values(values).returning();
  return row!;
}

export async function updateSandboxSubscription(
  db: DbOrTx,
  id: string,
  changes: SandboxSubscriptionChanges,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db.update(sandboxSubscriptions).set(changes).where(eq(sandboxSubscriptions.id, id)).returning();
  return row;
}
