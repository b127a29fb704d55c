import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRateLimits } from '#contracts/limits.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';

// postgres-pass: same

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false });
});

afterAll(async () => {
  await ctx?.close();
});

describe('invitation links', () => {
  it('limits previews per address: guessing tokens runs into 429', async () => {
    const preview = (n: number) =>
      ctx.app.server.inject({ method: 'GET', url: `/api/invitations/${`guess${n}`.padEnd(43, 'x')}`, remoteAddress: '203.0.113.9' });
    const answers: number[] = [];
    for (let i = 0; i < teamRateLimits.previewIp.max + 1; i++) answers.push((await preview(i)).statusCode);
    expect(answers.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another address is not affected.
    const other = await ctx.app.server.inject({ method: 'GET', url: `/api/invitations/${'y'.repeat(43)}`, remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(404);
  });
});
