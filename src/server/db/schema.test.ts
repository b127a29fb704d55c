import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/test-database.ts';
import { queryRows, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { aiModels, creditTransactions, users, waitlist } from './schema/index.ts';
import { seedStandardModels } from './seed-standard-models.ts';
import { personalWorkspaceId } from '../modules/workspaces/personal-repo.ts';

// postgres-pass: migrations

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function expectRejection(statement: Promise<unknown>, code: string): Promise<void> {
  await expect(statement).rejects.toSatisfy((err: unknown) => {
    let cur: unknown = err;
    while (cur && typeof cur === 'object') {
      if ((cur as { code?: string }).code === code) return true;
      cur = (cur as { cause?: unknown }).cause;
    }
    return false;
  });
}

describe('database schema', () => {
  it('seeds the three built-in standard models once', async () => {
    await seedStandardModels(database.db);
    const rows = await database.db.select().from(aiModels).orderBy(aiModels.sortOrder);
    expect(rows.map((r) => [r.name, r.category, r.isActive])).toEqual([
      ['Flux 1.1 Pro Ultra', 'general', true],
      ['AI Product Photo Editor', 'product', true],
      ['KliptFit', 'fashion', true],
    ]);
  });

  it('re-applying migrations is a no-op', async () => {
    await runMigrations(database);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ai_models`);
    expect(row?.n).toBe(3);
  });

  it('enforces enumerations with check constraints', async () => {
    await expectRejection(database.db.insert(waitlist).values({ name: 'x', email: 'x@y.z', role: 'astronaut' as 'other' }), '23514');
    await expectRejection(database.db.insert(waitlist).values({ name: 'x', email: 'x@y.z', status: 'vip' as 'pending' }), '23514');
    await expectRejection(database.db.insert(waitlist).values({ name: 'x', email: 'UPPER@y.z' }), '23514');
    await expectRejection(database.db.insert(waitlist).values({ name: 'x', email: 'x@y.z', score: 22 }), '23514');
  });

  it('keeps the ledger signed and idempotent per reference', async () => {
    await database.db.insert(users).values({ id: 'u-ledger', name: 'L', email: 'ledger@example.com' });
    // The trigger on users made the account's personal workspace: its ledger is the workspace's.
    const workspaceId = await personalWorkspaceId(database.db, 'u-ledger');
    const row = { workspaceId, userId: 'u-ledger' };
    await database.db.insert(creditTransactions).values({ ...row, amount: 10, type: 'grant', reference: 'welcome:u-ledger' });
    await expectRejection(
      database.db.insert(creditTransactions).values({ ...row, amount: 10, type: 'grant', reference: 'welcome:u-ledger' }),
      '23505',
    );
    await expectRejection(database.db.insert(creditTransactions).values({ ...row, amount: 1, type: 'usage' }), '23514');
    await expectRejection(database.db.insert(creditTransactions).values({ ...row, amount: -1, type: 'refund' }), '23514');
    await expectRejection(database.db.insert(creditTransactions).values({ ...row, amount: 0, type: 'adjustment' }), '23514');
    await expectRejection(
      database.db.insert(creditTransactions).values({ workspaceId, userId: 'nobody', amount: 5, type: 'grant' }),
      '23503',
    );
    await expectRejection(
      database.db
        .insert(creditTransactions)
        .values({ workspaceId: '00000000-0000-4000-8000-000000000000', userId: 'u-ledger', amount: 5, type: 'grant' }),
      '23503',
    );
  });

  it('has the indexes the list queries need', async () => {
    const rows = await queryRows<{ indexname: string }>(database.db, sql`select indexname from pg_indexes where schemaname = 'public'`);
    const names = rows.map((r) => r.indexname);
    for (const index of [
      'klips_user_created_idx',
      'klips_public_created_idx',
      'klips_public_type_created_idx',
      'klips_public_rating_idx',
      'klips_created_idx',
      'klips_workspace_created_idx',
      'klips_workspace_type_created_idx',
      'credit_transactions_workspace_created_idx',
      'credit_transactions_workspace_type_amount_idx',
      'batches_workspace_created_idx',
      'uploads_workspace_created_idx',
      'generation_jobs_workspace_created_idx',
      'trained_models_workspace_idx',
      'trained_models_public_created_idx',
      'kliptspirations_active_idx',
      'generation_jobs_user_created_idx',
      'waitlist_status_score_idx',
    ]) {
      expect(names).toContain(index);
    }
  });
});
