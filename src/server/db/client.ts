import type { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept it wherever they accept a Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Runs raw SQL and returns its rows; the same on both drivers. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Like queryRows, as a named prepared statement (its name taken from its text): PostgreSQL parses
 * and plans it once per connection and may then keep a generic plan, where an unnamed statement is
 * planned again on every call. For a hot read whose text takes a few shapes (the collections page);
 * the embedded engine ignores the name.
 */
export async function queryPreparedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `klipt_${createHash('sha1').update(built.sql).digest('base64url')}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** The embedded instance (pg-boss shares it); undefined on PostgreSQL. */
  readonly pglite: PGlite | undefined;
  /** The PostgreSQL connection string; undefined on PGlite. */
  readonly connectionString: string | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** A folder, or 'memory://'. */
  dataDir: string;
  /** A dumped data directory to start from (test templates). */
  loadDataDir?: Blob | File;
}

/**
 * The embedded engine's memory lives in its WebAssembly heap, which grows and never shrinks:
 * PostgreSQL's server-sized defaults (128 MB of shared buffers, 64 MB for index builds) would
 * stay resident for good. One process on a small database needs far less: its files are still
 * cached by the operating system, and 32 MB of buffers page deep through an index as fast as
 * 128 MB (16 MB took half as long again) (docs/operations.md#memory).
 */
export const EMBEDDED_MEMORY_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB', 'work_mem=4MB', 'temp_buffers=4MB'] as const;

/**
 * The embedded engine (its module graph and WebAssembly) is loaded only by a process that opens it:
 * one on PostgreSQL never pays for it (docs/operations.md#memory).
 */
export async function openEmbeddedDatabase(options: EmbeddedOptions): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const pglite = await PGlite.create(options.dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite,
    connectionString: undefined,
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  max?: number;
}

export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pglite: undefined,
    connectionString: options.connectionString,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
