import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '#test-support/raw-request.ts';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { genericMessages, type ErrorCode } from '#contracts/errors.ts';
import { PERMISSIONS_POLICY } from './security-headers.ts';

// postgres-pass: same

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  cookie = await verifiedUser(ctx, 'user@example.com');
});
afterAll(async () => {
  await ctx.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const fromInject = (res: LightMyRequestResponse): Answer => ({ status: res.statusCode, headers: res.headers, body: res.body });

/** The house rules of every error: the one shape, the security headers, the request id, never cached. */
const anyMessage: unknown = expect.any(String);

function expectHouseRules(res: Answer, status: number, code: ErrorCode, message?: string) {
  expect(res.status).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body) as unknown;
  expect(body).toEqual({ error: { code, message: message ?? anyMessage } });
  expect(Object.keys((body as { error: object }).error)).toEqual(['code', 'message']);
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(res.headers['cache-control']).toBe('no-store');
}

const json = (headers: Record<string, string> = {}) => ({ ...SAME_ORIGIN, 'content-type': 'application/json', ...headers });
/** Ten megabytes that are not even valid JSON: parsing them would answer 400, so any other answer proves they were never parsed. */
const tenMegabytesOfBrokenJson = `{"data": [${'['.repeat(10 * 1024 * 1024)}`;

describe('Fastify’s own errors keep the house rules', () => {
  it('a malformed percent-encoding in the path is a 400 that does not echo the address', async () => {
    const res = await rawRequest(ctx.app.server, { path: '/api/klips/%E0%A4%A/download' });
    expectHouseRules(res, 400, 'BAD_REQUEST', genericMessages.badUrl);
    expect(res.body).not.toContain('%E0');
  });

  it('a path parameter over its length is a 414 that does not echo the address', async () => {
    const res = await rawRequest(ctx.app.server, { path: `/api/klips/<script>alert(1)<%2Fscript>${'a'.repeat(300)}/download` });
    expectHouseRules(res, 414, 'URI_TOO_LONG', genericMessages.uriTooLong);
    expect(res.body).not.toContain('script');
  });

  it('malformed or empty JSON is a 400 that quotes nothing of the body', async () => {
    const broken = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: json(),
      payload: '{"name": <script>alert(1)',
    });
    expectHouseRules(fromInject(broken), 400, 'BAD_REQUEST', genericMessages.invalidJson);
    expect(broken.body).not.toContain('script');
    const empty = await ctx.app.server.inject({ method: 'POST', url: '/api/waitlist', headers: json(), payload: '' });
    expectHouseRules(fromInject(empty), 400, 'BAD_REQUEST', genericMessages.invalidJson);
    const poisoned = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: json(),
      payload: '{"__proto__": {"x": 1}}',
    });
    expectHouseRules(fromInject(poisoned), 400, 'BAD_REQUEST');
    expect(poisoned.body).not.toContain('__proto__');
  });

  it('an unsupported content type is a 415', async () => {
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: json({ 'content-type': 'application/xml' }),
      payload: '<waitlist/>',
    });
    expectHouseRules(fromInject(res), 415, 'UNSUPPORTED_MEDIA_TYPE', genericMessages.unsupportedMediaType);
  });
});

describe('body limits', () => {
  it('a JSON route takes at most 64 KB: 100 KB and 10 MB are 413s', async () => {
    for (const size of [100 * 1024, 10 * 1024 * 1024]) {
      const payload = JSON.stringify({ name: 'x'.repeat(size), email: 'big@example.com' });
      const res = await ctx.app.server.inject({ method: 'POST', url: '/api/waitlist', headers: json(), payload });
      expectHouseRules(fromInject(res), 413, 'PAYLOAD_TOO_LARGE', genericMessages.payloadTooLarge);
    }
    // A signed-in route too.
    const profile = await ctx.app.server.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: json({ cookie }),
      payload: JSON.stringify({ displayName: 'x', bio: ' '.repeat(100 * 1024) }),
    });
    expect(profile.statusCode).toBe(413);
    // And a path no route serves (the app-wide limit).
    const bridge = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: json({ cookie }),
      payload: JSON.stringify({ name: 'x'.repeat(100 * 1024) }),
    });
    expect(bridge.statusCode).toBe(413);
  });

  it('the upload routes read multipart only: a visitor’s 10 MB of JSON is a 401, a user’s a 415, neither parsed', async () => {
    for (const url of ['/api/uploads', '/api/profile/avatar']) {
      const visitor = await ctx.app.server.inject({ method: 'POST', url, headers: json(), payload: tenMegabytesOfBrokenJson });
      expectHouseRules(fromInject(visitor), 401, 'UNAUTHENTICATED');
      const user = await ctx.app.server.inject({ method: 'POST', url, headers: json({ cookie }), payload: tenMegabytesOfBrokenJson });
      expectHouseRules(fromInject(user), 415, 'UNSUPPORTED_MEDIA_TYPE', genericMessages.unsupportedMediaType);
    }
  });

  it('a route without a body refuses one, and a JSON route refuses other types, before parsing', async () => {
    const signOut = await ctx.app.server.inject({ method: 'POST', url: '/api/auth/sign-out', headers: json({ cookie }), payload: '{}' });
    expectHouseRules(fromInject(signOut), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const getWithBody = await ctx.app.server.inject({ method: 'GET', url: '/api/profile', headers: json({ cookie }), payload: '{"x": 1}' });
    expectHouseRules(fromInject(getWithBody), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const deleteWithBody = await ctx.app.server.inject({
      method: 'DELETE',
      url: '/api/profile/avatar',
      headers: json({ cookie }),
      payload: tenMegabytesOfBrokenJson,
    });
    expectHouseRules(fromInject(deleteWithBody), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const text = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: json({ 'content-type': 'text/plain' }),
      payload: 'a@example.com',
    });
    expectHouseRules(fromInject(text), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Still signed in: the refused sign-out never ran.
    expect((await ctx.app.server.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(200);
  });
});
