import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawResponse } from '#test-support/raw-request.ts';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { hasDotSegment } from './request-path.ts';
import { PERMISSIONS_POLICY } from './security-headers.ts';

// postgres-pass: same

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  cookie = await verifiedUser(ctx, 'owner@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const FOREIGN = 'http://evil.example';
const profileUpdate = JSON.stringify({ displayName: 'Changed by another site' });

function multipartAvatar(): { body: Buffer; contentType: string } {
  const boundary = '----klipt-test-boundary';
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function displayName(): Promise<string> {
  const res = await ctx.app.server.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
  return res.json<{ displayName: string }>().displayName;
}

function expectNotFound(res: RawResponse, what: string) {
  expect(res.status, what).toBe(404);
  expect(JSON.parse(res.body), what).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  expect(res.headers['x-request-id'], what).toBeDefined();
  expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
}

describe('same-origin guard', () => {
  it('refuses a foreign Origin on every state-changing request, however the path is spelled', async () => {
    const before = await displayName();
    const avatar = multipartAvatar();
    const attempts = [
      { method: 'PUT', path: '/api/profile', type: 'application/json', body: profileUpdate },
      { method: 'PUT', path: '/%61pi/profile', type: 'application/json', body: profileUpdate },
      { method: 'PUT', path: '/api/%70rofile', type: 'application/json', body: profileUpdate },
      { method: 'POST', path: '/api/profile/avatar', type: avatar.contentType, body: avatar.body },
      { method: 'POST', path: '/%61pi/profile/avatar', type: avatar.contentType, body: avatar.body },
      { method: 'DELETE', path: '/%61pi/profile/avatar' },
      { method: 'POST', path: '/api/auth/sign-out' },
      { method: 'POST', path: '/%61pi/auth/sign-out' },
      { method: 'POST', path: '/%61pi/waitlist', type: 'application/json', body: JSON.stringify({ email: 'x@example.com' }) },
    ];
    for (const attempt of attempts) {
      const res = await rawRequest(ctx.app.server, {
        method: attempt.method,
        path: attempt.path,
        headers: { cookie, origin: FOREIGN, ...(attempt.type ? { 'content-type': attempt.type } : {}) },
        ...(attempt.body ? { body: attempt.body } : {}),
      });
      const what = `${attempt.method} ${attempt.path}`;
      expect(res.status, what).toBe(403);
      expect(JSON.parse(res.body), what).toEqual({
        error: { code: 'FORBIDDEN', message: 'This request came from another site and was refused.' },
      });
    }
    expect(await displayName()).toBe(before);
    // The session survived the foreign sign-out attempts.
    expect((await ctx.app.server.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(200);
  });

  it('compares the Origin with APP_URL only, never with the Host header the sender chose', async () => {
    const res = await rawRequest(ctx.app.server, {
      method: 'PUT',
      path: '/api/profile',
      headers: { cookie, origin: 'http://evil.example:3411', host: 'evil.example:3411', 'content-type': 'application/json' },
      body: profileUpdate,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe('FORBIDDEN');
  });

  it('refuses a cross-site request without an Origin, and a state-changing request outside /api', async () => {
    const crossSite = await ctx.app.server.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { displayName: 'Nope' },
    });
    expect(crossSite.statusCode).toBe(403);
    const elsewhere = await ctx.app.server.inject({ method: 'POST', url: '/dashboard', headers: { origin: FOREIGN } });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('lets requests from APP_URL and requests without browser headers (scripts) through', async () => {
    const same = await ctx.app.server.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { displayName: 'Owner' },
    });
    expect(same.statusCode).toBe(200);
    expect(SAME_ORIGIN.origin).toBe(new URL(TEST_APP_URL).origin);
    const script = await ctx.app.server.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie },
      payload: { displayName: 'Owner 2' },
    });
    expect(script.statusCode).toBe(200);
    expect(await displayName()).toBe('Owner 2');
  });
});

describe('paths with dot-segments', () => {
  it('answers every spelling of a dot-segment with a 404 in the one error shape, before any route runs', async () => {
    const paths = [
      '/api/auth/x/../get-session',
      '/api/auth/x/%2e%2e/get-session',
      '/api/auth/x/%2E%2E/get-session',
      '/api/auth/x/.%2e/get-session',
      '/api/auth/x/%2E./get-session',
      '/api/auth/x/%252e%252e/get-session',
      '/api/auth/x/%25252E%25252E/get-session',
      '/api/auth/x/..%2fget-session',
      '/api/auth/x/%2e%2e%5cget-session',
      '/api/auth/x\\..\\get-session',
      '/api/./health',
      '/api/%2e/health',
      '/api/health/..',
      '/x/../dashboard',
      '/files/../secrets.json',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%2e%2e/index.html',
    ];
    for (const path of paths) expectNotFound(await rawRequest(ctx.app.server, { path, headers: { cookie } }), path);

    // A state-changing one is refused the same way, whoever sends it.
    const signIn = await rawRequest(ctx.app.server, {
      method: 'POST',
      path: '/api/auth/x/%2e%2e/sign-in/email',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'wrong password' }),
    });
    expectNotFound(signIn, 'POST sign-in through %2e%2e');
  });

  it('keeps names and queries that merely contain dots', async () => {
    const res = await rawRequest(ctx.app.server, { path: '/api/health?next=../x&y=%2e%2e' });
    expect(res.status).toBe(200);
    for (const path of ['/assets/app.abc123.js', '/a/.../b', '/a/.well-known/x', '/a/b..c', '/files/klips/u/x.png']) {
      expect(hasDotSegment(path), path).toBe(false);
    }
    for (const path of ['/a/.', '/a/%2E', '/a/%252E%252e', '/a/..?x', '/a/%25%32%65%25%32%65/b', `/a/%${'25'.repeat(7)}2e`]) {
      expect(hasDotSegment(path), path).toBe(true);
    }
  });
});
