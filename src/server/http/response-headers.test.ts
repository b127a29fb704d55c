import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '#test-support/raw-request.ts';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import type { Contract } from '#contracts/contract.ts';
import { listPopularTags } from '#contracts/klips.ts';
import { getSettings } from '#contracts/settings.ts';
import { PERMISSIONS_POLICY } from './security-headers.ts';

// postgres-pass: same

let ctx: TestContext;
let webDir: string;
let cookie: string;
const fileKey = 'inspirations/images/0f8fad5b-d9cb-469f-a165-70867728950e.png';

beforeAll(async () => {
  // A tiny stand-in for the Vite build.
  webDir = path.join(process.env['TMPDIR'] ?? '/tmp', `klipt-web-headers-${process.pid}-${Date.now()}`);
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1);');
  ctx = await createTestContext({ workers: false, rateLimits: false, env: { WEB_DIST_DIR: webDir } });
  cookie = await verifiedUser(ctx, 'user@example.com');
  await ctx.storage.put(fileKey, Buffer.from('89504e470d0a1a0a', 'hex'), { contentType: 'image/png', visibility: 'public' });
});
afterAll(async () => {
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

/** Answers that may be cached on purpose, with the header they choose; everything else under /api is personal or an error. */
const deliberatelyCached = new Map<Contract, string>([
  [getSettings, 'public, max-age=60'],
  [listPopularTags, 'public, max-age=60'],
]);

describe('Permissions-Policy', () => {
  it('is on every kind of response: API, errors, 404s, the web app, stored files, the API docs', async () => {
    const inject = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
      ctx.app.server
        .inject({ method, url, headers })
        .then((res) => ({ what: `${method} ${url}`, status: res.statusCode, headers: res.headers }));
    const raw = (p: string) =>
      rawRequest(ctx.app.server, { path: p }).then((res) => ({ what: `raw ${p}`, status: res.status, headers: res.headers }));
    const answers = await Promise.all([
      inject('/api/health'),
      inject('/api/profile', { cookie }),
      inject('/api/profile'),
      inject('/api/does-not-exist'),
      inject('/api/waitlist', { ...SAME_ORIGIN, 'content-type': 'application/json' }, 'POST'),
      inject('/api/waitlist', { origin: 'http://evil.example' }, 'POST'),
      inject('/'),
      inject('/dashboard'),
      inject('/assets/app-abc123.js'),
      inject('/assets/missing.js'),
      inject(ctx.storage.publicUrl(fileKey)),
      inject('/files/klips/missing.png'),
      inject('/api/docs/'),
      inject('/api/openapi.json'),
      raw('/api/klips/%E0%A4%A/download'),
      raw(`/api/klips/${'a'.repeat(300)}/download`),
      raw('/api/x/%2e%2e/health'),
    ]);
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort((a, b) => a - b)).toEqual([200, 400, 401, 403, 404, 414]);
    for (const answer of answers) {
      expect(answer.headers['permissions-policy'], answer.what).toBe(PERMISSIONS_POLICY);
      expect(answer.headers['x-content-type-options'], answer.what).toBe('nosniff');
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
  });
});

describe('Cache-Control', () => {
  it('is no-store on the signed-in profile', async () => {
    const res = await ctx.app.server.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on every GET of the API a signed-in user makes, unless the route caches on purpose', async () => {
    const document = (await ctx.app.server.inject('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const failures: string[] = [];
    let checked = 0;
    for (const [openApiPath, methods] of Object.entries(document.paths)) {
      if (!('get' in methods)) continue;
      const contractPath = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
      const contract = ctx.app.contracts.find((c) => c.path === contractPath && c.method === 'GET');
      if (!contract) throw new Error(`GET ${openApiPath} has no contract`);
      // Path parameters name nothing that exists: the answer is an error, which must not be cached either.
      const url = contractPath.replace(/:[^/]+/g, '0f8fad5b-d9cb-469f-a165-70867728950e');
      const res = await ctx.app.server.inject({ method: 'GET', url, headers: { cookie } });
      const expected = deliberatelyCached.get(contract) ?? 'no-store';
      checked++;
      if (res.headers['cache-control'] !== expected)
        failures.push(`GET ${url} → ${res.statusCode} cache-control: ${String(res.headers['cache-control'])}`);
    }
    expect(checked).toBe(ctx.app.contracts.filter((c) => c.method === 'GET').length);
    expect(failures).toEqual([]);
  });

  it('revalidates index.html on every use: no-cache with an ETag, 304 while the build is unchanged', async () => {
    const page = await ctx.app.server.inject('/collections');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = String(page.headers['etag']);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    for (const url of ['/', '/collections', '/share/0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const again = await ctx.app.server.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers['cache-control'], url).toBe('no-cache');
    }
    const other = await ctx.app.server.inject({ url: '/collections', headers: { 'if-none-match': 'W/"an-older-build"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<div id="root">');
  });

  it('lets a browser revalidate a hashed asset it still holds after its year', async () => {
    const asset = await ctx.app.server.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['last-modified']).toBeDefined();
    const again = await ctx.app.server.inject({
      url: '/assets/app-abc123.js',
      headers: { 'if-none-match': String(asset.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves the web app’s and the stored files’ own caching alone', async () => {
    expect((await ctx.app.server.inject('/')).headers['cache-control']).toBe('no-cache');
    expect((await ctx.app.server.inject('/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await ctx.app.server.inject(ctx.storage.publicUrl(fileKey))).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});
