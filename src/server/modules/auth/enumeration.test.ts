import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#test-support/mailbox.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { ensureVerifiedUser } from './users.ts';

// postgres-pass: same

// docs/product-rules.md#accounts: neither sign-up nor a reset request tells a stranger whether an
// address has an account. Here the job workers are off, so what each request queued can be compared.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  await ensureVerifiedUser(ctx.database.db, 'known@example.com', 'the owner password');
  await ctx.database.db.execute(sql`delete from pgboss.job`);
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: object) => ctx.app.server.inject({ method: 'POST', url, headers: SAME_ORIGIN, payload });

/** Everything a client can compare, except what differs on every request (a cookie's random value: its shape stays). */
function visible(res: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _requestId, ...headers } = res.headers;
  if (headers['set-cookie'] === undefined) return { status: res.statusCode, body: res.body, headers };
  const cookie = String(headers['set-cookie']).replace(/=\d+\.([\w-]+);/, (_, v: string) => `=<time>.${'x'.repeat(v.length)};`);
  return { status: res.statusCode, body: res.body, headers: { ...headers, 'set-cookie': cookie } };
}

/** The queued jobs and stored rows a request left behind. */
async function work() {
  const [jobs, rows] = await Promise.all([
    queryRows<{ name: string; data: unknown }>(ctx.database.db, sql`select name, data from pgboss.job order by created_on, id`),
    queryRows<{ users: number; verifications: number; sessions: number }>(
      ctx.database.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from verifications) as verifications,
                 (select count(*)::int from sessions) as sessions`,
    ),
  ]);
  return { jobs, ...rows[0]! };
}

/** The emails a list of queued jobs would send. */
function sent(jobs: Array<{ name: string; data: unknown }>) {
  return jobs.map((j) => ({ name: j.name, to: (j.data as { to: string }).to, subject: (j.data as { subject: string }).subject }));
}

describe('a password reset request', () => {
  it('answers and works the same for an address with an account and one without: it only queues the lookup', async () => {
    const before = await work();
    const existing = await post('/api/auth/request-password-reset', { email: 'known@example.com' });
    const afterExisting = await work();
    const missing = await post('/api/auth/request-password-reset', { email: 'missing@example.com' });
    const afterMissing = await work();

    expect(visible(existing)).toEqual(visible(missing));
    expect(existing.json()).toEqual({ ok: true });
    // One job each, the same job; no token, no email and no other row before the worker runs.
    expect(afterExisting.jobs.slice(before.jobs.length)).toEqual([
      { name: 'request-password-reset', data: { email: 'known@example.com' } },
    ]);
    expect(afterMissing.jobs.slice(afterExisting.jobs.length)).toEqual([
      { name: 'request-password-reset', data: { email: 'missing@example.com' } },
    ]);
    expect({ ...afterMissing, jobs: 0 }).toEqual({ ...before, jobs: 0 });

    // The worker does the lookup: only the owner gets an email.
    expect(await ctx.runQueued(['request-password-reset'])).toBe(2);
    await ctx.runQueued(['send-email']);
    const mails = await readOutbox(ctx.outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['known@example.com', 'Reset your Klipt password']]);
  });
});

describe('a sign-up', () => {
  it('answers and works alike for an address with an account: no session, the same cookie, one email job', async () => {
    await ctx.database.db.execute(sql`delete from pgboss.job`);
    const password = 'a brand new passphrase';
    const before = await work();
    const existing = await post('/api/auth/sign-up/email', { email: 'Known@example.com', password, confirmPassword: password });
    const afterExisting = await work();
    const fresh = await post('/api/auth/sign-up/email', { email: 'fresh@example.com', password, confirmPassword: password });
    const afterFresh = await work();

    expect(visible(existing)).toEqual(visible(fresh));
    expect(existing.json()).toEqual({ ok: true });
    expect(String(existing.headers['set-cookie'])).toMatch(/^klipt\.pending_sign_up=/);
    expect(String(existing.headers['set-cookie'])).not.toContain('session_token');
    // Each queued exactly one email: the owner's notice, the new account's verification link.
    expect(sent(afterExisting.jobs.slice(before.jobs.length))).toEqual([
      { name: 'send-email', to: 'known@example.com', subject: 'Someone tried to create a Klipt account with your email' },
    ]);
    expect(sent(afterFresh.jobs.slice(afterExisting.jobs.length))).toEqual([
      { name: 'send-email', to: 'fresh@example.com', subject: 'Verify your email for Klipt' },
    ]);
    expect(afterExisting.users).toBe(before.users);
    expect(afterFresh.users).toBe(before.users + 1);
    expect(afterFresh.sessions).toBe(before.sessions);
  });
});
