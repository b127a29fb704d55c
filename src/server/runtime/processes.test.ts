import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationJob } from '#contracts/generation.ts';
import { startSegmindFake, type SegmindFake } from '#test-fakes/segmind-fake.ts';
import { freePort } from '#test-support/free-port.ts';
import { startS3Server, type TestS3Server } from '#test-support/s3-server.ts';
import { createPostgresTestDatabase } from '#test-support/test-database.ts';
import { waitFor } from '#test-support/wait-for.ts';

// postgres-pass: processes

/**
 * Klipt as separate processes (docs/operations.md#production-topology): two API processes and
 * worker processes on one PostgreSQL database and one S3 bucket, as production runs them.
 * PostgreSQL only (`npm run test:db`): PGlite cannot be shared between processes.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const onPostgres = !!process.env['TEST_DATABASE_URL'];
const ADMIN = { email: 'ops@klipt.test', password: 'ops password 123' };

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

let database: { url: string; drop: () => Promise<void> };
let s3: TestS3Server;
let segmind: SegmindFake;
let dataDir: string;
const running: Proc[] = [];

async function startKlipt(role: 'api' | 'worker', env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env['PATH'] ?? '',
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: 'http://127.0.0.1:1',
      DATA_DIR: await mkdtemp(path.join(dataDir, `${role}-`)),
      DATABASE_URL: database.url,
      SESSION_SECRET: 'one secret shared by every process of the test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      SEGMIND_API_KEY: 'segmind-test-key',
      SEGMIND_BASE_URL: segmind.url,
      LOG_LEVEL: 'info',
      ...s3.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc = { child, url, output: () => output, exited };
  running.push(proc);
  await waitFor(async () => (await fetch(`${url}/api/ready`).catch(() => undefined))?.status === 200, {
    timeoutMs: 90_000,
    intervalMs: 100,
    message: `the ${role} process to be ready:\n${output}`,
  });
  return proc;
}

async function signIn(api: Proc): Promise<string> {
  const res = await fetch(`${api.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: 'http://127.0.0.1:1', 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Every `job` event of a live-progress stream until it ends. */
async function followEvents(api: Proc, jobId: string, cookie: string): Promise<GenerationJob[]> {
  const res = await fetch(`${api.url}/api/generations/${jobId}/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const events: GenerationJob[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.startsWith('event: job') && data) events.push(JSON.parse(data.slice('data: '.length)) as GenerationJob);
    }
  }
  return events;
}

/** One statement on the processes' database, as an operator would run it. */
async function query<T extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const ledger = (userEmail: string) =>
  query<{ type: string; amount: number }>(
    `select t.type, t.amount from credit_transactions t join users u on u.id = t.user_id
      where u.email = $1 and t.type in ('usage', 'refund') order by t.created_at, t.id`,
    [userEmail],
  );

const attempts = async (jobId: string) =>
  (await query<{ attempts: number }>('select attempts from generation_jobs where id = $1', [jobId]))[0]!.attempts;

beforeAll(async () => {
  if (!onPostgres) return;
  database = (await createPostgresTestDatabase())!;
  s3 = await startS3Server();
  segmind = await startSegmindFake({ apiKey: 'segmind-test-key' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-processes-'));
}, 60_000);

afterAll(async () => {
  if (!onPostgres) return;
  for (const proc of running) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  await Promise.all(running.map((proc) => proc.exited));
  await database.drop();
  await s3.close();
  await segmind.close();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!onPostgres)('API and worker processes on PostgreSQL + S3', () => {
  it('generates through API 1 while API 2 streams the progress; a worker stopped mid-job finishes it first; the file is private in the bucket', async () => {
    const api1 = await startKlipt('api', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const api2 = await startKlipt('api');
    const worker = await startKlipt('worker');
    const cookie1 = await signIn(api1);
    const cookie2 = await signIn(api2);

    const models = (await (await fetch(`${api1.url}/api/models/standard`, { headers: { cookie: cookie1 } })).json()) as {
      models: Array<{ id: string; mode: string }>;
    };
    const textModel = models.models.find((model) => model.mode === 'text')!;
    // The provider takes its time: the worker is stopped while it waits.
    segmind.enqueue({ kind: 'slow', delayMs: 3_000 });
    const created = await fetch(`${api1.url}/api/generations`, {
      method: 'POST',
      headers: { cookie: cookie1, origin: 'http://127.0.0.1:1', 'content-type': 'application/json' },
      body: JSON.stringify({ modelType: 'standard', modelId: textModel.id, prompt: 'a glass bottle on wet slate' }),
    });
    expect(created.status).toBe(202);
    const { id: jobId } = (await created.json()) as { id: string };
    const events = followEvents(api2, jobId, cookie2);

    await waitFor(() => segmind.accepted.length === 1, { message: 'the worker to call the provider' });
    worker.child.kill('SIGTERM');
    // Draining: not ready for new work, still finishing the job it holds.
    await waitFor(async () => (await fetch(`${worker.url}/api/ready`).catch(() => undefined))?.status !== 200, {
      message: 'the draining worker to stop being ready',
    });
    expect(worker.child.exitCode).toBeNull();
    expect(await worker.exited).toBe(0);

    const seen = await events;
    const done = seen.at(-1)!;
    expect(done.status).toBe('succeeded');
    expect(seen.some((job) => job.status === 'running')).toBe(true);
    expect(await ledger(ADMIN.email)).toEqual([{ type: 'usage', amount: -1 }]);

    // The klip is private: API 2 hands its owner a short-lived presigned URL of the private prefix, never the bucket's plain one.
    const imageUrl = new URL(done.klip!.imageUrl);
    expect(`${imageUrl.origin}${imageUrl.pathname}`).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/private/klips/`));
    expect(Number(imageUrl.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    expect(imageUrl.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const picture = await fetch(imageUrl);
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe('png');

    // Made public through API 1, it moves to the public prefix; API 2 then hands out the stable URL.
    const klipId = done.klip!.id;
    const key = decodeURIComponent(imageUrl.pathname.slice(`/${s3.bucket}/private/`.length));
    const made = await fetch(`${api1.url}/api/klips/${klipId}/visibility`, {
      method: 'PUT',
      headers: { cookie: cookie1, origin: 'http://127.0.0.1:1', 'content-type': 'application/json' },
      body: JSON.stringify({ isPublic: true }),
    });
    expect(made.status).toBe(200);
    await expect(s3.client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `public/${key}` }))).resolves.toBeTruthy();
    await expect(s3.client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `private/${key}` }))).rejects.toMatchObject({
      name: 'NotFound',
    });
    const card = (await (await fetch(`${api2.url}/api/klips/${klipId}`)).json()) as { imageUrl: string };
    expect(card.imageUrl).toBe(`${s3.endpoint}/${s3.bucket}/public/${key}`);
  }, 180_000);

  it('a worker stopped past its drain bound leaves the job to another worker, which resumes it: one klip, one charge', async () => {
    const api = running.find((proc) => proc.child.exitCode === null && proc.output().includes('Klipt is ready'))!;
    const cookie = await signIn(api);
    const models = (await (await fetch(`${api.url}/api/models/standard`, { headers: { cookie } })).json()) as {
      models: Array<{ id: string; mode: string }>;
    };
    const hasty = await startKlipt('worker', { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    segmind.enqueue({ kind: 'slow', delayMs: 20_000 });
    const before = segmind.accepted.length;
    const created = await fetch(`${api.url}/api/generations`, {
      method: 'POST',
      headers: { cookie, origin: 'http://127.0.0.1:1', 'content-type': 'application/json' },
      body: JSON.stringify({ modelType: 'standard', modelId: models.models.find((m) => m.mode === 'text')!.id, prompt: 'a candle' }),
    });
    const { id: jobId } = (await created.json()) as { id: string };
    await waitFor(() => segmind.accepted.length === before + 1, { message: 'the first worker to call the provider' });
    const other = await startKlipt('worker');
    hasty.child.kill('SIGTERM');
    expect(await hasty.exited).toBe(0);

    // The other worker's recovery finds the job without a heartbeat and runs it again (docs/operations.md#job-recovery).
    const job = await waitFor(
      async () => {
        const res = await fetch(`${api.url}/api/generations/${jobId}`, { headers: { cookie } });
        const body = (await res.json()) as GenerationJob;
        return body.status === 'succeeded' || body.status === 'failed' ? body : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500, message: 'the job to be resumed by the other worker' },
    );
    expect(job.status).toBe('succeeded');
    expect(await attempts(jobId)).toBe(2);
    expect((await ledger(ADMIN.email)).filter((row) => row.type === 'refund')).toEqual([]);
    expect((await ledger(ADMIN.email)).filter((row) => row.type === 'usage')).toHaveLength(2);
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
  }, 180_000);
});
