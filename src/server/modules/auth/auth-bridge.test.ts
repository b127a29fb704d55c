import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '#test-support/raw-request.ts';
import { cookiesFrom, signIn } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { unusedEndpoints } from './auth.ts';
import { bridgedPaths } from './auth-bridge.ts';
import { ensureVerifiedUser } from './users.ts';

// postgres-pass: same

// docs/operations.md#sign-in-and-account-limits: better-auth is reached only through Klipt's own
// routes, each behind its rate limit, with URLs built from vetted endpoint paths.

const OWNER = 'owner@example.com';
const PASSWORD = 'correct horse battery';

/** Ways to name an endpoint that a path-normalising layer would turn into `/api/auth/<endpoint>`. */
const bypassForms = (endpoint: string) => [
  `/api/auth/x/%2e%2e/${endpoint}`,
  `/api/auth/x/%2E%2E/${endpoint}`,
  `/api/auth/x/../${endpoint}`,
  `/api/auth/./${endpoint}`,
  `/api/auth/%2e/${endpoint}`,
  `/api/auth/x/%252e%252e/${endpoint}`,
  `/api/auth/x/..%2f${endpoint}`,
  `/api/auth/x/%2e%2e%2f${endpoint}`,
  `/api/x/../auth/${endpoint}`,
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false });
  await ensureVerifiedUser(ctx.database.db, OWNER, PASSWORD);
});
afterAll(async () => {
  await ctx.close();
});

const link = (path: string) => rawRequest(ctx.app.server, { path, localAddress: '127.0.0.24' });
/** A redirect's target on this site as a path (better-auth writes absolute URLs, Klipt relative ones). */
function target(location: unknown): string {
  const url = new URL(String(location), TEST_APP_URL);
  return url.origin === TEST_APP_URL ? `${url.pathname}${url.search}` : url.href;
}

describe('the auth bridge', () => {
  it('answers 404 to every dot-segment or encoded form of an auth endpoint, over a real socket', async () => {
    const answers: string[] = [];
    for (const endpoint of ['sign-in/email', 'sign-up/email', 'request-password-reset', 'reset-password', 'sign-out', 'verify-email']) {
      for (const path of bypassForms(endpoint)) {
        for (const method of ['POST', 'GET']) {
          const res = await rawRequest(ctx.app.server, {
            method,
            path,
            headers: SAME_ORIGIN,
            localAddress: '127.0.0.21',
            ...(method === 'POST' ? { body: { email: OWNER, password: 'wrong password', token: 'x', newPassword: 'long enough' } } : {}),
          });
          if (res.status !== 404) answers.push(`${method} ${path} → ${res.status} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });

  it('serves none of the better-auth endpoints Klipt does not use, and never a session token in a body', async () => {
    const { res, cookie } = await signIn(ctx, OWNER, PASSWORD);
    expect(res.statusCode).toBe(200);
    const token = /session_token=([^.;]+)/.exec(cookie)![1]!;
    expect(res.body).not.toContain(token);

    // POST /request-password-reset is Klipt's own route (it only queues a job), not better-auth's.
    const unknown = [
      ...unusedEndpoints.filter((e) => e !== '/request-password-reset'),
      '/callback/google',
      '/callback/credential',
      '/no-such-endpoint',
      '/sign-in/username',
    ];
    const answers: string[] = [];
    for (const endpoint of unknown) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await ctx.app.server.inject({
          method,
          url: `/api/auth${endpoint}`,
          headers: { ...SAME_ORIGIN, cookie },
          ...(method === 'POST' ? { payload: { email: OWNER, password: PASSWORD, newPassword: 'another long one' } } : {}),
        });
        if (answer.statusCode !== 404 || answer.body.includes(token)) answers.push(`${method} ${endpoint} → ${answer.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    // Still signed in: nothing above revoked or changed the session.
    expect((await ctx.app.server.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('behind the routes, better-auth itself refuses every endpoint Klipt does not serve (disabledPaths)', async () => {
    const { cookie } = await signIn(ctx, OWNER, PASSWORD);
    const served = new Set(bridgedPaths);
    const endpoints = Object.values(ctx.services.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((e) => typeof e.path === 'string' && !served.has(e.path) && !e.path.includes(':'))
      .map((e) => ({ path: e.path!, method: [e.options?.method ?? 'GET'].flat()[0] === 'GET' ? 'GET' : 'POST' }));
    expect(endpoints.length).toBeGreaterThan(15);
    const reachable: string[] = [];
    for (const { path, method } of endpoints) {
      const response = await ctx.services.auth.handler(
        new Request(`${TEST_APP_URL}/api/auth${path}`, {
          method,
          headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: JSON.stringify({ email: OWNER, password: PASSWORD }) } : {}),
        }),
      );
      if (response.status !== 404) reachable.push(`${method} ${path} → ${response.status}`);
    }
    expect(reachable).toEqual([]);
  });

  it('60 wrong passwords: Klipt’s route answers 429 at the limit, every other form 404', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await rawRequest(ctx.app.server, {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: SAME_ORIGIN,
        localAddress: '127.0.0.22',
        body: { email: OWNER, password: `guess number ${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(50).fill(429));

    const forms = bypassForms('sign-in/email');
    const others = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const res = await rawRequest(ctx.app.server, {
        method: 'POST',
        path: forms[i % forms.length]!,
        headers: SAME_ORIGIN,
        localAddress: '127.0.0.23',
        body: { email: OWNER, password: `other guess ${i}` },
      });
      others.add(res.status);
    }
    expect([...others]).toEqual([404]);
  });

  it('serves the emailed links through the limiter, with tokens checked before they reach better-auth', async () => {
    const verify = await link('/api/auth/verify-email?token=not-a-token');
    expect(verify.status).toBe(302);
    expect(target(verify.headers['location'])).toMatch(/^\/onboarding\?error=/);
    const reset = await link('/api/auth/reset-password/not-a-token');
    expect(reset.status).toBe(302);
    expect(target(reset.headers['location'])).toBe('/auth/reset-password?error=INVALID_TOKEN');
    const smuggled = await link('/api/auth/reset-password/x%2fsign-out');
    expect(smuggled.status).toBe(302);
    expect(target(smuggled.headers['location'])).toBe('/auth/reset-password?error=INVALID_TOKEN');
    // A dot-segment never gets this far: the HTTP shell answers 404 before routing.
    expect((await link('/api/auth/reset-password/%2e%2e%2fsign-out')).status).toBe(404);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await link(`/api/auth/reset-password/guess${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await link('/api/auth/verify-email?token=x')).status).toBe(429);
  });

  it('answers the sign-out of a visitor without a session', async () => {
    const res = await ctx.app.server.inject({ method: 'POST', url: '/api/auth/sign-out', headers: SAME_ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(cookiesFrom(res)).toBe('');
  });
});
