import { desc, eq, sql } from 'drizzle-orm';
import { KNOWN_ISSUES_LIMIT } from '#contracts/known-issues.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { knownIssues, users } from '#server/db/schema/index.ts';

export interface KnownIssueRow {
  id: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
  createdByEmail: string | null;
}

const withCreatorEmail = {
  id: knownIssues.id,
  text: knownIssues.text,
  createdAt: knownIssues.createdAt,
  updatedAt: knownIssues.updatedAt,
  createdByEmail: users.email,
};

/** The panel's list: newest first (known_issues_created_idx), at most KNOWN_ISSUES_LIMIT. */
export async function listKnownIssueRows(db: DbOrTx): Promise<KnownIssueRow[]> {
  return db
    .select(withCreatorEmail)
    .from(knownIssues)
    .leftJoin(users, eq(users.id, knownIssues.createdBy))
    .orderBy(desc(knownIssues.createdAt), desc(knownIssues.id))
    .limit(KNOWN_ISSUES_LIMIT);
}

export async function findKnownIssueRow(db: DbOrTx, id: string): Promise<KnownIssueRow | undefined> {
  const [row] = await db
    .select(withCreatorEmail)
    .from(knownIssues)
    .leftJoin(users, eq(users.id, knownIssues.createdBy))
    .where(eq(knownIssues.id, id))
    .limit(1);
  return row;
}

export async function insertKnownIssue(db: DbOrTx, text: string, createdBy: string): Promise<Omit<KnownIssueRow, 'createdByEmail'>> {
  const [row] = await db.insert(knownIssues).values({ text, createdBy }).returning({
    id: knownIssues.id,
    text: knownIssues.text,
    createdAt: knownIssues.createdAt,
    updatedAt: knownIssues.updatedAt,
  });
  return row!;
}

/** False when the issue is gone. */
export async function updateKnownIssueText(db: DbOrTx, id: string, text: string): Promise<boolean> {
  const rows = await db
    .update(knownIssues)
    .set({ text, updatedAt: sql`now()` })
    .where(eq(knownIssues.id, id))
    .returning({ id: knownIssues.id });
  return rows.length === 1;
}

export async function deleteKnownIssueRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(knownIssues).where(eq(knownIssues.id, id));
}
