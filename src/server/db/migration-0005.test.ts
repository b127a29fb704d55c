import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '#test-support/scratch-database.ts';
import { openEmbeddedDatabase, openPostgresDatabase, queryRows, type Database } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

// postgres-pass: migrations

// Migration 0005 (workspaces) on a database as it stood before it: every account gets one personal
// workspace that it owns, everything it owned moves there, balances carry over, nothing is lost,
// and accounts made afterwards get theirs from the trigger. Runs on PGlite, and on PostgreSQL when
// the run is (TEST_DATABASE_URL, `npm run test:db`): an empty database of its own, not the template.

/** The migrations before 0005. */
const BEFORE = 5;

/** The tables whose rows belong to a user and gained workspace_id, with the user column. */
const OWNED: ReadonlyArray<[table: string, userColumn: string]> = [
  ['klips', 'user_id'],
  ['uploads', 'user_id'],
  ['batches', 'user_id'],
  ['generation_jobs', 'user_id'],
  ['credit_transactions', 'user_id'],
  ['subscriptions', 'user_id'],
  ['billing_checkouts', 'user_id'],
  ['billing_invoices', 'user_id'],
  ['trained_models', 'owner_id'],
];

let database: Database;
let cleanup: Array<() => Promise<void>> = [];

async function openEmpty(): Promise<Database> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) return openEmbeddedDatabase({ dataDir: 'memory://' });
  const scratch = await createScratchDatabase(adminUrl, `klipt_migration_${randomBytes(6).toString('hex')}`);
  cleanup.push(scratch.drop);
  return openPostgresDatabase({ connectionString: scratch.url, max: 2 });
}

/** Applies the migrations in `folder` (a copy whose journal may stop early). */
async function migrateFrom(db: Database, folder: string): Promise<void> {
  if (db.kind === 'pglite') await migratePglite(db.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePg(db.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

/** A copy of the migrations folder whose journal lists only the first `count`. */
async function migrationsUpTo(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-migrations-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  expect(journal.entries[count - 1]?.tag).toBe('0004_fair_queues');
  expect(journal.entries[count]?.tag).toBe('0005_workspaces');
  journal.entries = journal.entries.slice(0, count);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

const exec = (query: string) => database.db.execute(sql.raw(query));

async function tableNames(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name <> '__drizzle_migrations' order by 1`,
  );
  return rows.map((r) => r.name);
}

async function counts(tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from "${table}"`));
    out[table] = row!.n;
  }
  return out;
}

/** The users with their balance (the sum of their ledger rows before 0005). */
async function userBalancesBefore(): Promise<Record<string, number>> {
  const rows = await queryRows<{ id: string; balance: number }>(
    database.db,
    sql`select u.id, coalesce((select sum(amount) from credit_transactions c where c.user_id = u.id), 0)::int as balance from users u`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.balance]));
}

/** The pre-0005 data: raw SQL, as the schema of 0004 stood. */
async function populate(): Promise<void> {
  await exec(`insert into users (id, name, email, email_verified, created_at) values
    ('u-ann', 'Ann', 'ann@migration.test', true, now() - interval '30 days'),
    ('u-bob', 'Bob', 'bob@migration.test', true, now() - interval '10 days'),
    ('u-cid', 'Cid', 'cid@migration.test', false, now() - interval '1 day'),
    ('u-dee', 'Dee', 'dee@migration.test', true, now())`);
  await exec(`insert into user_profiles (user_id, display_name) values
    ('u-ann', 'Ann A.'), ('u-bob', 'Bob B.'), ('u-cid', 'Cid C.'), ('u-dee', 'Dee D.')`);
  await exec(`insert into klips (id, user_id, klip_type, media_key, mime_type, prompt, model_name, source, is_public) values
    ('00000000-0000-4000-8000-00000000a001', 'u-ann', 'image', 'klips/u-ann/1.png', 'image/png', 'a lamp', 'Flux', 'local', true),
    ('00000000-0000-4000-8000-00000000a002', 'u-ann', 'video', 'klips/u-ann/2.mp4', 'video/mp4', 'a wave', 'Kling', 'segmind', false),
    ('00000000-0000-4000-8000-00000000b001', 'u-bob', 'image', 'klips/u-bob/1.png', 'image/png', 'a chair', 'Flux', 'bfl', false)`);
  await exec(`insert into klip_votes (klip_id, user_id, vote_type) values
    ('00000000-0000-4000-8000-00000000a001', 'u-bob', 'heart'),
    ('00000000-0000-4000-8000-00000000a001', 'u-ann', 'superlike'),
    ('00000000-0000-4000-8000-00000000b001', 'u-ann', 'one_star')`);
  await exec(`insert into tags (id, name) values
    ('00000000-0000-4000-8000-0000000000f1', 'lamps'), ('00000000-0000-4000-8000-0000000000f2', 'furniture')`);
  await exec(`insert into klip_tags (klip_id, tag_id) values
    ('00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-0000000000f1'),
    ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-0000000000f2')`);
  await exec(`insert into uploads (id, user_id, key, mime_type, width, height, bytes) values
    ('00000000-0000-4000-8000-00000000c001', 'u-bob', 'uploads/u-bob/1.png', 'image/png', 640, 480, 1000),
    ('00000000-0000-4000-8000-00000000c002', 'u-bob', 'uploads/u-bob/2.png', 'image/png', 640, 480, 2000),
    ('00000000-0000-4000-8000-00000000c003', 'u-ann', 'uploads/u-ann/1.png', 'image/png', 320, 240, 500)`);
  await exec(`insert into batches (id, user_id, name, model_type, model_id, model_name, prompt, aspect_ratio, background_upload_id, item_count, cost_per_item) values
    ('00000000-0000-4000-8000-00000000d001', 'u-bob', 'Spring catalogue', 'product', '00000000-0000-4000-8000-0000000000e1', 'Product Pro', 'on marble', '1:1', '00000000-0000-4000-8000-00000000c002', 2, 2)`);
  await exec(`insert into batch_items (id, batch_id, position, upload_id, file_name) values
    ('00000000-0000-4000-8000-00000000d101', '00000000-0000-4000-8000-00000000d001', 0, '00000000-0000-4000-8000-00000000c001', 'one.png'),
    ('00000000-0000-4000-8000-00000000d102', '00000000-0000-4000-8000-00000000d001', 1, '00000000-0000-4000-8000-00000000c002', 'two.png')`);
  await exec(`insert into generation_jobs (id, user_id, kind, status, provider, model_name, input, cost, batch_item_id, klip_id) values
    ('00000000-0000-4000-8000-00000000e101', 'u-bob', 'image', 'succeeded', 'local', 'Product Pro', '{}', 2, '00000000-0000-4000-8000-00000000d101', '00000000-0000-4000-8000-00000000b001'),
    ('00000000-0000-4000-8000-00000000e102', 'u-bob', 'image', 'failed', 'local', 'Product Pro', '{}', 2, '00000000-0000-4000-8000-00000000d102', null),
    ('00000000-0000-4000-8000-00000000e103', 'u-ann', 'video', 'succeeded', 'segmind', 'Kling', '{"prompt":"a wave"}', 5, null, '00000000-0000-4000-8000-00000000a002')`);
  await exec(`update batch_items set job_id = '00000000-0000-4000-8000-00000000e101' where id = '00000000-0000-4000-8000-00000000d101'`);
  await exec(`update batch_items set job_id = '00000000-0000-4000-8000-00000000e102' where id = '00000000-0000-4000-8000-00000000d102'`);
  await exec(`insert into credit_transactions (user_id, amount, type, reference, description) values
    ('u-ann', 10, 'grant', 'welcome:u-ann', 'Welcome credits'),
    ('u-ann', 500, 'purchase', 'inv_ann_1', 'Growth plan'),
    ('u-ann', -5, 'usage', 'job:e103', null),
    ('u-ann', -25, 'adjustment', 'adjustment:1', 'Chargeback'),
    ('u-bob', 10, 'grant', 'welcome:u-bob', 'Welcome credits'),
    ('u-bob', -2, 'usage', 'job:e101', null),
    ('u-bob', -2, 'usage', 'job:e102', null),
    ('u-bob', 2, 'refund', 'job:e102', 'Refund: generation failed'),
    ('u-dee', 10, 'grant', 'welcome:u-dee', 'Welcome credits'),
    ('u-dee', -10, 'adjustment', 'adjustment:2', 'Taken back')`);
  await exec(`insert into subscriptions (id, user_id, customer_id, plan_id, status) values
    ('sub_ann', 'u-ann', 'cus_ann', 'growth', 'active')`);
  await exec(`insert into billing_checkouts (id, user_id, plan_id, status) values
    ('cs_ann', 'u-ann', 'growth', 'completed'), ('cs_bob', 'u-bob', 'starter', 'expired')`);
  await exec(`insert into billing_invoices (id, user_id, subscription_id, plan_id, credits, billing_reason, amount_paid, currency, period_start) values
    ('inv_ann_1', 'u-ann', 'sub_ann', 'growth', 500, 'subscription_create', 4900, 'usd', now() - interval '5 days')`);
  await exec(`insert into trained_models (id, owner_id, name, type, base_model, is_public) values
    ('00000000-0000-4000-8000-0000000000e1', 'u-bob', 'Product Pro', 'product', 'flux-dev', false),
    ('00000000-0000-4000-8000-0000000000e2', null, 'Built-in Style', 'style', 'flux-dev', true)`);
}

let tablesAt0004: string[];
let tablesBefore: string[];
let countsBefore: Record<string, number>;
let balancesBefore: Record<string, number>;

beforeAll(async () => {
  database = await openEmpty();
  await migrateFrom(database, await migrationsUpTo(BEFORE));
  tablesAt0004 = await tableNames();
  await populate();
  tablesBefore = await tableNames();
  countsBefore = await counts(tablesBefore);
  balancesBefore = await userBalancesBefore();
  await runMigrations(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('migration 0005 (workspaces) on existing data', () => {
  it('seeded what it claims to, on the schema before 0005: every owned table has rows, and the ledger has every kind of row', () => {
    expect(tablesAt0004).toContain('credit_transactions');
    expect(tablesAt0004).not.toContain('workspaces');
    for (const [table] of OWNED) expect(countsBefore[table], table).toBeGreaterThan(0);
    expect(countsBefore['klip_votes']).toBe(3);
    expect(balancesBefore).toEqual({ 'u-ann': 480, 'u-bob': 8, 'u-cid': 0, 'u-dee': 0 });
  });

  it('keeps every row of every table', async () => {
    expect(await counts(tablesBefore)).toEqual(countsBefore);
  });

  it('gives every user exactly one personal workspace, named after them, which they own and are the only member of', async () => {
    const rows = await queryRows<{ id: string; workspaces: number; owners: number; members: number; name_ok: boolean }>(
      database.db,
      sql`select u.id,
            (select count(*)::int from workspaces w where w.personal_of = u.id and w.kind = 'personal') as workspaces,
            (select count(*)::int from workspace_members m join workspaces w on w.id = m.workspace_id
              where w.personal_of = u.id and m.user_id = u.id and m.role = 'owner') as owners,
            (select count(*)::int from workspace_members m join workspaces w on w.id = m.workspace_id
              where w.personal_of = u.id) as members,
            (select bool_and(w.name = u.name) from workspaces w where w.personal_of = u.id) as name_ok
          from users u order by u.id`,
    );
    expect(rows).toEqual(['u-ann', 'u-bob', 'u-cid', 'u-dee'].map((id) => ({ id, workspaces: 1, owners: 1, members: 1, name_ok: true })));
    const [all] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from workspaces`);
    expect(all!.n).toBe(4);
  });

  it("puts every owned row in its user's personal workspace", async () => {
    for (const [table, userColumn] of OWNED) {
      const misplaced = await queryRows<{ n: number }>(
        database.db,
        sql.raw(`select count(*)::int as n from "${table}" t
          left join workspaces w on w.personal_of = t."${userColumn}"
          where t."${userColumn}" is not null and t.workspace_id is distinct from w.id`),
      );
      expect(misplaced[0]!.n, table).toBe(0);
    }
    // A model nobody owns (built in) stays without a workspace.
    const [builtIn] = await queryRows<{ workspace_id: string | null }>(
      database.db,
      sql`select workspace_id from trained_models where owner_id is null`,
    );
    expect(builtIn!.workspace_id).toBeNull();
  });

  it("carries every user's balance over to their personal workspace", async () => {
    const rows = await queryRows<{ id: string; balance: number }>(
      database.db,
      sql`select u.id, coalesce((select sum(c.amount) from credit_transactions c where c.workspace_id = w.id), 0)::int as balance
          from users u join workspaces w on w.personal_of = u.id`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.balance]))).toEqual(balancesBefore);
  });

  it('gives an account made afterwards, by any insert, its personal workspace and ownership', async () => {
    await exec(`insert into users (id, name, email) values ('u-new', 'Newcomer', 'new@migration.test')`);
    const rows = await queryRows<{ kind: string; name: string; role: string; created_by: string }>(
      database.db,
      sql`select w.kind, w.name, m.role, w.created_by from workspaces w
          join workspace_members m on m.workspace_id = w.id and m.user_id = 'u-new'
          where w.personal_of = 'u-new'`,
    );
    expect(rows).toEqual([{ kind: 'personal', name: 'Newcomer', role: 'owner', created_by: 'u-new' }]);
  });
});
