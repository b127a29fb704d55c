import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/test-database.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { createRuntime } from './runtime.ts';

// postgres-pass: same

describe('the start log about payments', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-billing-log-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startLines(env: Record<string, string>): Promise<Array<{ level: number; msg: string }>> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
      ...env,
    });
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    const runtime = await createRuntime({ config, database: await openTestDatabase(), logger: createLogger(config, sink), http: false });
    await runtime.stop();
    return lines;
  }

  it('says loudly, at error level, that an explicit test checkout runs where real money can be spent, and why', async () => {
    const lines = await startLines({ BILLING_MODE: 'sandbox', SEGMIND_API_KEY: 'sg_live_key', APP_URL: 'https://klipt.example.com' });
    const line = lines.find((l) => l.msg.includes('test checkout'));
    expect(line?.level).toBe(50);
    expect(line?.msg).toContain('SEGMIND_API_KEY is set');
    expect(line?.msg).toContain('APP_URL is https');
  });

  it('warns that purchasing is off and how to turn Stripe on when auto finds real money and no Stripe key', async () => {
    const lines = await startLines({ BFL_API_KEY: 'bfl_live_key' });
    const line = lines.find((l) => l.msg.includes('STRIPE_SECRET_KEY'));
    expect(line?.level).toBe(40);
    expect(line?.msg).toContain('BFL_API_KEY is set');
  });
});
