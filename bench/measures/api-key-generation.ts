import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER } from '#contracts/api-keys.ts';
import { loadConfig } from '#server/config.ts';
import { openEmbeddedDatabase, queryRows } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { ensureVerifiedUser } from '#server/modules/auth/users.ts';
import { personalWorkspaceId } from '#server/modules/workspaces/personal-repo.ts';
import { createRuntime } from '#server/runtime/runtime.ts';
import { bearer, createKey } from '#test-support/api-keys.ts';
import { cookiesFrom } from '#test-support/session.ts';
import { givePlan } from '#test-support/workspaces.ts';
import { percentile, type Measure } from '../lib.ts';

const APP_URL = 'http://localhost:3000';

/**
 * Issue 28's figure: the server time of `POST /api/generations` through an API key against the
 * same request through a session cookie, on one runtime (PGlite in memory), injected (no network),
 * workers not started, so only the request path is timed: access (session load, or key lookup +
 * plan + rate-limit upsert + running count), validation, the per-user generation limit, the ledger
 * reservation and the job insert. The three kinds of request are interleaved round by round (the
 * order rotating) after a warm-up, so drift in the database (growing tables, the JIT) falls on all
 * of them alike. Each figure includes light-my-request's own cost, the same for all three; the
 * difference is what the target is about.
 */
export async function measureApiKeyGeneration(rounds = 300, warmUp = 30): Promise<Measure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-bench-api-key-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    // Every request reserves credits and no job ever runs to refund or settle them.
    WELCOME_CREDITS: '100000',
    // Rate limits stay ON, so the key path pays for its per-key and per-workspace upsert (and both
    // paths for the per-user generation limit) exactly as in production: the work of counting does
    // not depend on the quota. Only the quotas are multiplied, or the run (about 1,000 requests in
    // well under a minute) would be refused after 30 generations a user / 120 a key / 300 a
    // workspace. Several keys would not do: the per-workspace and per-user limits are shared.
    RATE_LIMIT_SCALE: '1000',
  });
  const database = await openEmbeddedDatabase({ dataDir: 'memory://' });
  await prepareDatabase(database);
  const runtime = await createRuntime({ config, database, logger: silentLogger() });
  // No startWorkers(): nothing picks the jobs up, only the request path is timed.
  const { services } = runtime;
  const server = runtime.app!.server;
  const db = database.db;

  // Queries per request (profiling detail): PGlite parses each extended-protocol query once ('P').
  let parses = 0;
  const pglite = database.pglite!;
  const execProtocolStream = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = (message, options) => {
    if (message[0] === 0x50 || message[0] === 0x51) parses++;
    return execProtocolStream(message, options);
  };

  try {
    const email = 'maker@bench.example';
    const password = 'bench maker password';
    const user = await ensureVerifiedUser(db, email, password);
    await services.account.setUp(user);
    const workspace = await personalWorkspaceId(db, user.id);
    // An ordinary owner on Scale (a super admin's session might take other paths than a maker's).
    await givePlan(db, workspace, user.id, 'scale');
    const { secret } = await createKey({ db, services }, user.id, workspace, { scopes: ['generate'], name: 'bench' });
    const signedIn = await server.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: APP_URL },
      payload: { email, password },
    });
    if (signedIn.statusCode !== 200) throw new Error(`bench sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
    const cookie = cookiesFrom(signedIn);
    const [model] = (await services.models.standard()).filter((m) => m.mode === 'text');
    if (!model) throw new Error('no text-to-image standard model');

    type Kind = 'session' | 'key' | 'idempotent';
    const headersOf: Record<Kind, (i: number) => Record<string, string>> = {
      session: () => ({ cookie, origin: APP_URL }),
      key: () => bearer(secret),
      // A new Idempotency-Key each time: the first request's cost (claim, then store the answer).
      idempotent: (i) => ({ ...bearer(secret), [IDEMPOTENCY_KEY_HEADER]: `bench-${i}` }),
    };
    const kinds: Kind[] = ['session', 'key', 'idempotent'];
    const times: Record<Kind, number[]> = { session: [], key: [], idempotent: [] };
    const queries: Record<Kind, number[]> = { session: [], key: [], idempotent: [] };

    let n = 0;
    const once = async (kind: Kind, keep: boolean) => {
      const i = n++;
      const before = parses;
      const started = performance.now();
      const res = await server.inject({
        method: 'POST',
        url: '/api/generations',
        headers: headersOf[kind](i),
        payload: { modelType: 'standard', modelId: model.id, prompt: `bench ${i}`, aspectRatio: '1:1' },
      });
      const elapsed = performance.now() - started;
      const used = parses - before;
      if (res.statusCode !== 202) throw new Error(`${kind} generation: ${res.statusCode} ${res.body}`);
      // Untimed: the job is finished at once, as if a worker had done it. Without workers every
      // job would stay unfinished and meet the per-user unfinished cap (100) and the Scale plan's
      // 20 running API generations per workspace, and both counts would grow through the run;
      // finished at once, every request finds the user idle, as a light user is.
      const { id } = res.json<{ id: string }>();
      await queryRows(db, sql`update generation_jobs set status = 'succeeded', finished_at = now(), updated_at = now() where id = ${id}`);
      if (!keep) return;
      times[kind].push(elapsed);
      queries[kind].push(used);
    };

    for (let round = 0; round < warmUp + rounds; round++) {
      for (let j = 0; j < kinds.length; j++) await once(kinds[(round + j) % kinds.length]!, round >= warmUp);
    }

    const paired = times.key.map((t, i) => t - times.session[i]!);
    const p50 = (kind: Kind) => Number(percentile(times[kind], 50).toFixed(2));
    const detail = (kind: Kind) => ({
      runs: times[kind].length,
      p95: Number(percentile(times[kind], 95).toFixed(2)),
      queries: percentile(queries[kind], 50),
    });
    return [
      { name: 'generation request through a session p50', value: p50('session'), unit: 'ms', better: 'lower', detail: detail('session') },
      { name: 'generation request through an API key p50', value: p50('key'), unit: 'ms', better: 'lower', detail: detail('key') },
      {
        name: 'generation request: API key − session (p50)',
        value: Number((p50('key') - p50('session')).toFixed(2)),
        unit: 'ms',
        target: 2,
        better: 'lower',
        // The median of each round's own difference: the pairs ran side by side, so drift cancels.
        detail: { runs: rounds, pairedMedian: Number(percentile(paired, 50).toFixed(2)) },
      },
      {
        name: 'generation request through an API key with Idempotency-Key (first) p50',
        value: p50('idempotent'),
        unit: 'ms',
        better: 'lower',
        detail: { ...detail('idempotent'), overKey: Number((p50('idempotent') - p50('key')).toFixed(2)) },
      },
    ];
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
