import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/test-database.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { queryRows, type Database } from '../db/client.ts';
import { silentLogger } from '../lib/logger.ts';
import { z } from 'zod';
import { defineJob } from './job.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

// postgres-pass: processes

// The handlers these tests attach are their own; the definitions' handlers are never called.
const unused = async () => {};
const echoJob = defineJob({ name: 'test-echo', options: { retryLimit: 0 }, payload: z.object({ n: z.number() }), handler: unused });
const flakyJob = defineJob({
  name: 'test-flaky',
  options: { retryLimit: 2, retryDelay: 0 },
  payload: z.object({ key: z.string() }),
  handler: unused,
});

let database: Database;
let jobs: JobQueue;
beforeAll(async () => {
  database = await openTestDatabase();
  jobs = createJobQueue({ database, logger: silentLogger(), queues: [echoJob, flakyJob], pollIntervalSeconds: 0.5 });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop(2_000);
  await database.close();
});

describe('job queue', () => {
  it('picks up a sent job at once through LISTEN/NOTIFY, long before the next poll', async () => {
    const notifiedJob = defineJob({
      name: 'test-notified',
      options: { retryLimit: 0 },
      payload: z.object({ n: z.number() }),
      handler: unused,
    });
    // A poll every 60 s: a job seen within the first 20 s came through NOTIFY, however loaded the machine is.
    const slow = createJobQueue({ database, logger: silentLogger(), queues: [notifiedJob], pollIntervalSeconds: 60 });
    await slow.start();
    try {
      const seen: number[] = [];
      await slow.work(notifiedJob, async () => {
        seen.push(performance.now());
      });
      // A first job lets the worker's start-up fetches pass: the next one sent has only NOTIFY to wake it.
      await slow.send(notifiedJob, { n: 0 });
      await waitFor(() => seen.length === 1, { message: 'the first job to run', timeoutMs: 20_000 });
      const sentAt = performance.now();
      await slow.send(notifiedJob, { n: 1 });
      await waitFor(() => seen.length === 2, { message: 'the second job to run', timeoutMs: 20_000 });
      expect(seen[1]! - sentAt).toBeLessThan(20_000);
    } finally {
      await slow.stop(2_000);
    }
  });

  it('drains a backlog slot after slot, without waiting for the next poll between jobs', async () => {
    const backlogJob = defineJob({
      name: 'test-backlog',
      options: { retryLimit: 0 },
      payload: z.object({ n: z.number() }),
      handler: unused,
    });
    const slow = createJobQueue({ database, logger: silentLogger(), queues: [backlogJob], pollIntervalSeconds: 30 });
    await slow.start();
    try {
      for (let n = 0; n < 8; n++) await slow.send(backlogJob, { n });
      const done: number[] = [];
      let running = 0;
      let most = 0;
      await slow.work(
        backlogJob,
        async ({ n }) => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
          done.push(n);
        },
        { concurrency: 2 },
      );
      // Polling every 30 s, the six jobs after the first two would wait half a minute.
      await waitFor(() => done.length === 8, { timeoutMs: 5_000, message: 'the backlog to drain' });
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      await slow.stop(2_000);
    }
  });

  it('enqueues inside a transaction only when it commits', async () => {
    const before = await countJobs(echoJob.name);
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send(echoJob, { n: 2 }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countJobs(echoJob.name)).toBe(before);
    await database.db.transaction(async (tx) => {
      await jobs.send(echoJob, { n: 3 }, { tx });
    });
    expect(await countJobs(echoJob.name)).toBe(before + 1);
  });

  it('retries a failing handler up to its retry limit', async () => {
    let attempts = 0;
    await jobs.work(flakyJob, async () => {
      attempts++;
      if (attempts < 3) throw new Error('temporary failure');
    });
    await jobs.send(flakyJob, { key: 'a' });
    await waitFor(() => attempts === 3, { message: 'three attempts', timeoutMs: 20_000 });
    expect(attempts).toBe(3);
  });
});

async function countJobs(name: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = ${name}`);
  return row!.n;
}
