import { scryptSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hashPassword as defaultHash, verifyPassword as defaultVerify } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

// postgres-pass: same

// docs/operations.md#sign-in-and-account-limits: passwords are hashed with node:crypto's scrypt on
// libuv's thread pool, in better-auth's own format, so a flood of sign-ups cannot stall the server.

describe('the password hash', () => {
  it('reads hashes made by better-auth’s default hasher, and better-auth reads Klipt’s', async () => {
    for (const password of ['correct horse battery', 'ﬁve ﬂowers — 日本語 🔑', '  spaces kept  ']) {
      const theirs = await defaultHash(password);
      expect(await verifyPassword({ hash: theirs, password })).toBe(true);
      expect(await verifyPassword({ hash: theirs, password: `${password}!` })).toBe(false);
      const ours = await hashPassword(password);
      expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await defaultVerify({ hash: ours, password })).toBe(true);
      expect(await defaultVerify({ hash: ours, password: `${password}!` })).toBe(false);
    }
    // The same NFKC normalisation as better-auth: a ligature and its letters are the same password.
    expect(await verifyPassword({ hash: await defaultHash('ﬁne print'), password: 'fine print' })).toBe(true);
  });

  it('answers false for a stored value that is not a hash', async () => {
    expect(await verifyPassword({ hash: 'not a hash', password: 'anything at all' })).toBe(false);
  });
});

/**
 * How busy the event loop was while `work` ran (0: idle, waiting; 1: running JS all along), and
 * whether a 1 ms timer set before it fired before it ended. One timer only: frequent wake-ups would
 * count the time a loaded machine takes to schedule them as busy.
 */
async function loopWhile(work: () => Promise<unknown>) {
  let timerFired = false;
  const timer = setTimeout(() => (timerFired = true), 1);
  const start = performance.eventLoopUtilization();
  try {
    await work();
    return { busy: performance.eventLoopUtilization(start).utilization, timerFired };
  } finally {
    clearTimeout(timer);
  }
}

describe('hashing during a request', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('runs better-auth’s hashing off the event loop: other work keeps running while passwords are hashed', async () => {
    const context = await ctx.services.auth.$context;
    // Klipt's hasher, not whichever implementation better-auth's export conditions pick.
    expect(context.password.hash).toBe(hashPassword);
    const hashes = await loopWhile(() => Promise.all([1, 2, 3, 4].map((i) => context.password.hash(`password number ${i}`))));
    const stored = await context.password.hash('the stored one');
    const verifies = await loopWhile(() =>
      Promise.all([1, 2, 3, 4].map(() => context.password.verify({ hash: stored, password: 'a guess' }))),
    );
    // The same hash on the main thread, for comparison: the loop is busy all along and no timer fires.
    const blocking = await loopWhile(async () => {
      scryptSync('password', 'salt', 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 });
    });
    expect(blocking).toMatchObject({ timerFired: false });
    expect(blocking.busy).toBeGreaterThan(0.9);
    for (const measured of [hashes, verifies]) {
      expect(measured.timerFired).toBe(true);
      expect(measured.busy).toBeLessThan(0.5);
    }
  });
});
