import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/test-database.ts';
import type { Database } from '../db/client.ts';
import { createLogger, type Logger } from './logger.ts';

// postgres-pass: driver

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A logger writing into memory, as the process writes to stdout. */
function capturingLogger(): { logger: Logger; lines: () => string[] } {
  const written: string[] = [];
  const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void written.push(line) });
  return { logger, lines: () => written };
}

async function failingQuery(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await database.db.execute(query);
  } catch (err) {
    return err;
  }
  throw new Error('the query was expected to fail');
}

const email = 'private.person@example.com';

describe('error logs', () => {
  it('keep the message, the SQL and the PostgreSQL code of a failed query, never its parameters', async () => {
    const { logger, lines } = capturingLogger();
    // PostgreSQL cannot store NUL; it quotes a value it cannot cast in its message.
    const nul = await failingQuery(sql`select ${email}::text as email, ${'a\u0000b'}::text as name`);
    const cast = await failingQuery(sql`select ${email}::integer`);
    logger.error({ err: nul }, 'request failed');
    logger.error({ err: cast }, 'request failed');
    logger.error(cast as Error);

    const entries = lines().map((line) => JSON.parse(line) as { err: Record<string, unknown> });
    expect(entries).toHaveLength(3);
    for (const line of lines()) expect(line).not.toContain('private.person');
    const [first, second] = entries;
    expect(first!.err['message']).toContain('Failed query: select $1::text as email');
    expect(first!.err['message']).toContain('invalid byte sequence for encoding "UTF8": 0x00');
    expect(first!.err['code']).toBe('22021');
    expect(first!.err['params']).toBeUndefined();
    expect(second!.err['message']).toContain('invalid input syntax for type integer');
    expect(second!.err['code']).toBe('22P02');
  });

  it('scrub the errors better-auth hands its logger too', async () => {
    const { logger, lines } = capturingLogger();
    const err = await failingQuery(sql`select ${email}::integer`);
    logger.error({ args: [err, { note: 'context' }] }, 'auth: failed to find user');
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).not.toContain('private.person');
    expect(lines()[0]).toContain('invalid input syntax for type integer');
  });
});
