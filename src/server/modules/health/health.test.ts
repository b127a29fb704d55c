import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { buildProbeServer } from '../../http/probe-server.ts';

// postgres-pass: same

let ctx: TestContext;
const down = { database: false, storage: false, queue: false };
/** Simulates an unreachable dependency without tearing down the rest of the app. */
function wrap<T extends object>(target: T, method: keyof T & string, flag: keyof typeof down) {
  const real = (target[method] as () => Promise<void>).bind(target);
  Object.assign(target, {
    [method]: async () => {
      if (down[flag]) throw new Error(`${flag} unreachable`);
      await real();
    },
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: false });
  wrap(ctx.database, 'ping', 'database');
  wrap(ctx.storage, 'check', 'storage');
  wrap(ctx.jobs, 'check', 'queue');
});
afterAll(async () => {
  await ctx.close();
});

const READY = { status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } };

describe('GET /api/health and /api/ready (docs/operations.md#health-and-readiness)', () => {
  it('liveness answers 200 whatever the dependencies; readiness 503 while any of them does not answer', async () => {
    expect((await ctx.app.server.inject('/api/ready')).json()).toEqual(READY);
    for (const dependency of ['database', 'storage', 'queue'] as const) {
      down[dependency] = true;
      const ready = await ctx.app.server.inject('/api/ready');
      expect(ready.statusCode, dependency).toBe(503);
      expect(ready.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(ready.headers['cache-control']).toBe('no-store');
      const health = await ctx.app.server.inject('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      down[dependency] = false;
      expect((await ctx.app.server.inject('/api/ready')).statusCode, dependency).toBe(200);
    }
  });

  it("a worker process's probe server answers the same two, and nothing else", async () => {
    const probe = buildProbeServer({ health: ctx.services.health, logger: ctx.logger });
    try {
      expect((await probe.inject('/api/health')).json()).toEqual({ status: 'ok' });
      expect((await probe.inject('/api/ready')).json()).toEqual(READY);
      down.storage = true;
      expect((await probe.inject('/api/ready')).statusCode).toBe(503);
      down.storage = false;
      for (const url of ['/api/me', '/api/collections', '/', '/files/avatars/u/a.webp', '/api/docs']) {
        const res = await probe.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
    } finally {
      await probe.close();
    }
  });

  it('a draining process is not ready but still alive', async () => {
    const drained = await createTestContext({ workers: false });
    try {
      expect((await drained.app.server.inject('/api/ready')).statusCode).toBe(200);
      drained.services.health.startDraining();
      expect((await drained.app.server.inject('/api/ready')).statusCode).toBe(503);
      expect((await drained.app.server.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await drained.close();
    }
  });
});
