import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';

// postgres-pass: same

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A tiny stand-in for the Vite build, so the SPA serving rules can be checked without building.
  webDir = path.join(process.env['TMPDIR'] ?? '/tmp', `klipt-web-${process.pid}-${Date.now()}`);
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>',
  );
  await writeFile(
    path.join(webDir, 'landing.html'),
    '<!doctype html><html><body><div id="root"><h1>Prerendered landing</h1></div><script type="module" src="/assets/boot-abc123.js"></script></body></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.server.inject({ method: 'GET', url, headers });

describe('health', () => {
  it('answers 200 {status:"ok"} while the database answers', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 that does not echo the path', async () => {
    const res = await get('/api/does-not-exist-<script>');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(res.body).not.toContain('does-not-exist');
  });

  it('answers a wrong method on an API route with the same error shape', async () => {
    const res = await ctx.app.server.inject({ method: 'DELETE', url: '/api/health', headers: SAME_ORIGIN });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'big@example.com' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('request ids and headers', () => {
  it('returns a request id, keeping a well-formed incoming one', async () => {
    const generated = await get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await get('/api/health', { 'x-request-id': 'trace-12345678' });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const replaced = await get('/api/health', { 'x-request-id': 'bad id with spaces' });
    expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('sends a strict Content-Security-Policy and hardening headers', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('compresses large responses', async () => {
    const res = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBe('3.1.0');
  });
});

describe('single-page app', () => {
  it('serves index.html for client routes, uncached', async () => {
    for (const url of ['/', '/dashboard', '/share/abc', '/create/image?x=1', '/some/unknown/page']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the prerendered landing page for / only, revalidated like index.html', async () => {
    const landing = await get('/', { accept: 'text/html' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).toContain('<h1>Prerendered landing</h1>');
    expect((await get('/', { 'if-none-match': String(landing.headers.etag) })).statusCode).toBe(304);
    for (const url of ['/collections', '/waitlist', '/?ref=ad']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.body, url).toBe(url === '/?ref=ad' ? landing.body : (await get('/dashboard')).body);
    }
  });

  it('serves hashed assets with a year of caching', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps a missing asset a 404 rather than the app shell', async () => {
    for (const url of ['/assets/missing.js', '/missing-file.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('OpenAPI', () => {
  it('describes the API from the contracts', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.title).toBe('Klipt API');
    expect(doc.paths['/api/waitlist'].post.requestBody.content['application/json'].schema).toBeDefined();
    expect(doc.paths['/api/waitlist'].post.responses['409']).toBeDefined();
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });

  it('serves a docs page that needs nothing from outside', async () => {
    const res = await get('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toMatch(/https?:\/\/(?!localhost)/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('validator.swagger.io');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('stored files', () => {
  it('serves stored files with their type and long-lived caching, and 404s the rest', async () => {
    const key = 'inspirations/images/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await ctx.storage.put(key, png, { contentType: 'image/png', visibility: 'public' });
    const res = await get(ctx.storage.publicUrl(key));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(png)).toBe(true);

    const ranged = await get(ctx.storage.publicUrl(key), { range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(4);

    const missing = await get('/files/inspirations/nope.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
    expect((await get('/files/../secrets.json')).statusCode).toBe(404);
  });
});
