import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../tests/support/test-app.ts';

let ctx: TestContext;
let databaseDown = false;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false });
  const real = ctx.database.ping.bind(ctx.database);
  // Simulates an unreachable database without tearing down the rest of the app.
  Object.assign(ctx.database, {
    ping: async () => {
      if (databaseDown) throw new Error('connection refused');
      await real();
    },
  });
});
afterAll(async () => {
  databaseDown = false;
  await ctx.close();
});

describe('GET /api/health', () => {
  it('is 200 ok while the database answers and 503 when it does not', async () => {
    expect((await ctx.app.server.inject('/api/health')).json()).toEqual({ status: 'ok' });
    databaseDown = true;
    const res = await ctx.app.server.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body).not.toContain('"ok"');
    databaseDown = false;
    expect((await ctx.app.server.inject('/api/health')).statusCode).toBe(200);
  });
});
