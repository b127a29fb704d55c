import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/test-database.ts';
import { queryRows, type Database } from '../db/client.ts';
import { isAppError } from '../lib/app-error.ts';
import { createRateLimiter } from './rate-limit.ts';

// postgres-pass: same

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rule = { name: 'test', max: 2, windowSeconds: 60 };

describe('rate limiter', () => {
  it('allows max hits per window and subject, then refuses with the time to wait', async () => {
    const limiter = createRateLimiter(database.db);
    await limiter.hit(rule, 'A@Example.com');
    await limiter.hit(rule, 'a@example.com');
    const refused = await limiter.hit(rule, 'a@example.com').catch((err: unknown) => err);
    expect(isAppError(refused) && refused.code).toBe('RATE_LIMITED');
    expect(isAppError(refused) && refused.details?.['retryAfter']).toBeGreaterThan(0);
    await limiter.hit(rule, 'b@example.com');
  });

  it('starts a new window once the old one has expired', async () => {
    const limiter = createRateLimiter(database.db);
    await database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = 'test:a@example.com'`);
    await expect(limiter.hit(rule, 'a@example.com')).resolves.toBeUndefined();
    const [row] = await queryRows<{ count: number }>(database.db, sql`select count from rate_limits where key = 'test:a@example.com'`);
    expect(row?.count).toBe(1);
  });

  it('scales budgets and can be switched off, but never the cooldowns', async () => {
    const scaled = createRateLimiter(database.db, { scale: 3 });
    for (let i = 0; i < 6; i++) await scaled.hit(rule, 'scaled');
    await expect(scaled.hit(rule, 'scaled')).rejects.toThrow(/Too many attempts/);
    const off = createRateLimiter(database.db, { disabled: true });
    for (let i = 0; i < 5; i++) await off.hit(rule, 'off');
    await off.cooldown(rule, 'cool');
    await off.cooldown(rule, 'cool');
    await expect(off.cooldown(rule, 'cool')).rejects.toThrow(/Too many attempts/);
  });

  it('prunes windows that expired over an hour ago', async () => {
    await database.db.execute(sql`update rate_limits set reset_at = now() - interval '2 hours' where key = 'test:b@example.com'`);
    await createRateLimiter(database.db).prune();
    const keys = (await queryRows<{ key: string }>(database.db, sql`select key from rate_limits`)).map((r) => r.key);
    expect(keys).not.toContain('test:b@example.com');
    expect(keys).toContain('test:a@example.com');
  });
});
