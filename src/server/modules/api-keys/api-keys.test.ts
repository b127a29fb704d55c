import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey } from '#test-support/api-keys.ts';
import { verifiedUser, userIdOf } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { addMember, createTeam, givePlan } from '#test-support/workspaces.ts';
import { apiKeyMessages, type ApiKey, type CreatedApiKey } from '#contracts/api-keys.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { aiModels, apiKeys, creditTransactions, generationJobs, subscriptions, workspaceMembers } from '../../db/schema/index.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';

// postgres-pass: concurrency

let ctx: TestContext;
let owner: { cookie: string; id: string; workspace: string };
let ultra: string;

beforeAll(async () => {
  // No workers: paid requests create their jobs and nothing renders them.
  ctx = await createTestContext({ workers: false });
  const cookie = await verifiedUser(ctx, 'dev@example.com');
  const id = await userIdOf(ctx, 'dev@example.com');
  const workspace = await personalWorkspaceId(ctx.database.db, id);
  await givePlan(ctx.database.db, workspace, id, 'scale');
  owner = { cookie, id, workspace };
  const [model] = await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra'));
  ultra = model!.id;
});
afterAll(async () => {
  await ctx.close();
});

function inject(options: { method?: 'GET' | 'POST' | 'DELETE'; url: string; headers?: Record<string, string>; payload?: object }) {
  return ctx.app.server.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers: options.headers ?? {},
    ...(options.payload ? { payload: options.payload } : {}),
  });
}
const generation = (prompt = 'a red sneaker on white') => ({ modelType: 'standard', modelId: ultra, prompt, aspectRatio: '1:1' });
const newKey = (options: Parameters<typeof createKey>[3] = {}) =>
  createKey({ db: ctx.database.db, services: ctx.services }, owner.id, owner.workspace, options);

describe('API keys: created, shown once, kept hashed, revoked', () => {
  it('creates a key whose secret is shown once, is recognisable, and is stored only as its SHA-256', async () => {
    const res = await inject({
      method: 'POST',
      url: `/api/workspaces/${owner.workspace}/api-keys`,
      headers: { ...SAME_ORIGIN, cookie: owner.cookie },
      payload: { name: 'Shop sync', scopes: ['read', 'generate'], expiresInDays: 90 },
    });
    expect(res.statusCode).toBe(201);
    const { key, secret } = res.json<CreatedApiKey>();
    expect(secret).toMatch(/^klipt_sk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Shop sync',
      prefix: secret.slice(0, 13),
      scopes: ['generate', 'read'],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(key.createdBy).toMatchObject({ id: owner.id, email: 'dev@example.com' });
    expect(new Date(key.expiresAt!).getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);

    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(13));

    const list = await inject({ url: `/api/workspaces/${owner.workspace}/api-keys`, headers: { cookie: owner.cookie } });
    expect(list.body).not.toContain(secret.slice(13));
    expect(list.json<{ keys: ApiKey[] }>().keys.map((k) => k.id)).toContain(key.id);
  });

  it('records when and from where a key was last used', async () => {
    const { secret, id } = await newKey({ scopes: ['read'] });
    const res = await inject({ url: '/api/credits/balance', headers: bearer(secret) });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.lastUsedIp).toBe('127.0.0.1');
  });

  it('stops a revoked key on its next request', async () => {
    const { secret, id } = await newKey({ scopes: ['read'] });
    expect((await inject({ url: '/api/credits/balance', headers: bearer(secret) })).statusCode).toBe(200);
    const revoked = await inject({
      method: 'DELETE',
      url: `/api/workspaces/${owner.workspace}/api-keys/${id}`,
      headers: { ...SAME_ORIGIN, cookie: owner.cookie },
    });
    expect(revoked.json<ApiKey>().revokedAt).not.toBeNull();
    const res = await inject({ url: '/api/credits/balance', headers: bearer(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'INVALID_API_KEY', message: apiKeyMessages.invalidKey } });
  });

  it('stops an expired key, and a key whose maker left the workspace', async () => {
    const expired = await newKey({ scopes: ['read'], expiresInDays: 1 });
    await ctx.database.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, expired.id));
    expect((await inject({ url: '/api/credits/balance', headers: bearer(expired.secret) })).json().error.code).toBe('INVALID_API_KEY');

    const memberCookie = await verifiedUser(ctx, 'leaver@example.com');
    const memberId = await userIdOf(ctx, 'leaver@example.com');
    const team = await createTeam(ctx.database.db, owner.id, 'Leavers');
    await givePlan(ctx.database.db, team, owner.id, 'scale');
    await addMember(ctx.database.db, team, memberId, 'admin');
    const left = await createKey({ db: ctx.database.db, services: ctx.services }, memberId, team, { scopes: ['read'] });
    expect((await inject({ url: '/api/credits/balance', headers: bearer(left.secret) })).statusCode).toBe(200);
    await ctx.database.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, team), eq(workspaceMembers.userId, memberId)));
    expect((await inject({ url: '/api/credits/balance', headers: bearer(left.secret) })).statusCode).toBe(401);
    expect(memberCookie).toBeTruthy();
  });

  it('lets only owners and admins manage keys, and only on the Scale plan', async () => {
    const memberCookie = await verifiedUser(ctx, 'plain-member@example.com');
    const memberId = await userIdOf(ctx, 'plain-member@example.com');
    const team = await createTeam(ctx.database.db, owner.id, 'Members');
    await givePlan(ctx.database.db, team, owner.id, 'scale');
    await addMember(ctx.database.db, team, memberId, 'member');
    const asMember = await inject({
      method: 'POST',
      url: `/api/workspaces/${team}/api-keys`,
      headers: { ...SAME_ORIGIN, cookie: memberCookie },
      payload: { name: 'Mine', scopes: ['read'] },
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.message).toBe(apiKeyMessages.notAllowed);

    const growthTeam = await createTeam(ctx.database.db, owner.id, 'Growth team');
    await givePlan(ctx.database.db, growthTeam, owner.id, 'growth');
    const noPlan = await inject({ url: `/api/workspaces/${growthTeam}/api-keys`, headers: { cookie: owner.cookie } });
    expect(noPlan.statusCode).toBe(403);
    expect(noPlan.json().error).toMatchObject({ code: 'PLAN_REQUIRED', plan: 'scale' });
  });

  it('refuses bad input with the field’s message and creates nothing', async () => {
    const before = await ctx.database.db.select().from(apiKeys);
    for (const [payload, message] of [
      [{ name: '', scopes: ['read'] }, apiKeyMessages.nameRequired],
      [{ name: 'x', scopes: [] }, apiKeyMessages.scopesRequired],
      [{ name: 'x', scopes: ['admin'] }, apiKeyMessages.scopeUnknown],
      [{ name: 'x', scopes: ['read'], expiresInDays: 400 }, apiKeyMessages.expiryInvalid],
    ] as const) {
      const res = await inject({
        method: 'POST',
        url: `/api/workspaces/${owner.workspace}/api-keys`,
        headers: { ...SAME_ORIGIN, cookie: owner.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await ctx.database.db.select().from(apiKeys)).toHaveLength(before.length);
  });
});

describe('bearer requests', () => {
  it('generate with a key alone: no cookie, no CSRF check, the job in the key’s workspace for the key’s maker', async () => {
    const { secret } = await newKey({ scopes: ['generate', 'read'] });
    const res = await inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...bearer(secret), origin: 'https://elsewhere.example' },
      payload: generation(),
    });
    expect(res.statusCode).toBe(202);
    const job = res.json<GenerationJob>();
    const [row] = await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(row).toMatchObject({ workspaceId: owner.workspace, userId: owner.id });
    const followed = await inject({ url: `/api/generations/${job.id}`, headers: bearer(secret) });
    expect(followed.statusCode).toBe(200);
  });

  it.each([
    [
      'a key and a session cookie together',
      (s: string) => ({ ...bearer(s), cookie: 'klipt.session_token=abc' }),
      '/api/credits/balance',
      400,
      'BAD_REQUEST',
    ],
    ['another scheme', () => ({ authorization: 'Basic Zm9vOmJhcg==' }), '/api/credits/balance', 401, 'INVALID_API_KEY'],
    ['a made-up key', () => bearer(`klipt_sk_${'A'.repeat(43)}`), '/api/credits/balance', 401, 'INVALID_API_KEY'],
    ['a session-only route', (s: string) => bearer(s), '/api/workspaces', 403, 'API_KEY_NOT_ACCEPTED'],
    ['an admin route', (s: string) => bearer(s), '/api/admin/stats', 403, 'API_KEY_NOT_ACCEPTED'],
    ['the key management routes', (s: string) => bearer(s), '/api/workspaces/WS/api-keys', 403, 'API_KEY_NOT_ACCEPTED'],
    ['a scope the key lacks', (s: string) => bearer(s), '/api/batches', 403, 'API_KEY_SCOPE_REQUIRED'],
  ] as const)('refuses %s', async (_what, headers: (secret: string) => Record<string, string>, url, status, code) => {
    const { secret } = await newKey({ scopes: ['read'] });
    const res = await inject({ url: url.replace('WS', owner.workspace), headers: headers(secret) });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it('answers 404 for another workspace’s generation', async () => {
    const otherCookie = await verifiedUser(ctx, 'stranger@example.com');
    const theirs = await inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...SAME_ORIGIN, cookie: otherCookie },
      payload: generation(),
    });
    expect(theirs.statusCode).toBe(202);
    const { secret } = await newKey({ scopes: ['read'] });
    expect((await inject({ url: `/api/generations/${theirs.json<GenerationJob>().id}`, headers: bearer(secret) })).statusCode).toBe(404);
  });

  it('stops working when the workspace loses the plan', async () => {
    const team = await createTeam(ctx.database.db, owner.id, 'Lapsing');
    const sub = await givePlan(ctx.database.db, team, owner.id, 'scale');
    const { secret } = await createKey({ db: ctx.database.db, services: ctx.services }, owner.id, team, { scopes: ['read'] });
    expect((await inject({ url: '/api/credits/balance', headers: bearer(secret) })).statusCode).toBe(200);
    await ctx.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, sub));
    const res = await inject({ url: '/api/credits/balance', headers: bearer(secret) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'PLAN_REQUIRED', plan: 'scale' });
  });
});

const ledgerRows = async () =>
  (await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, owner.workspace))).length;
const jobCount = async () =>
  (await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.workspaceId, owner.workspace))).length;

describe('Idempotency-Key on paid requests', () => {
  it('20 parallel identical requests with one key create one job, one ledger row and 20 identical answers', async () => {
    const { secret } = await newKey({ scopes: ['generate'] });
    const [jobsBefore, ledgerBefore] = [await jobCount(), await ledgerRows()];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        inject({
          method: 'POST',
          url: '/api/generations',
          headers: { ...bearer(secret), 'idempotency-key': 'order-1042' },
          payload: generation('twenty at once'),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(202));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await jobCount()).toBe(jobsBefore + 1);
    expect(await ledgerRows()).toBe(ledgerBefore + 1);
  });

  it('answers 422 to the same key with another body, and replays for sessions too', async () => {
    const headers = { ...SAME_ORIGIN, cookie: owner.cookie, 'idempotency-key': 'session-key-1' };
    const first = await inject({ method: 'POST', url: '/api/generations', headers, payload: generation('first body') });
    const again = await inject({ method: 'POST', url: '/api/generations', headers, payload: { ...generation('first body') } });
    expect(again.body).toBe(first.body);
    const other = await inject({ method: 'POST', url: '/api/generations', headers, payload: generation('another body') });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: apiKeyMessages.idempotencyKeyReused });
  });

  it('refuses a malformed key, and frees a key whose request failed', async () => {
    const headers = { ...SAME_ORIGIN, cookie: owner.cookie };
    const bad = await inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...headers, 'idempotency-key': 'x'.repeat(256) },
      payload: generation(),
    });
    expect(bad.statusCode).toBe(400);
    const failed = await inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...headers, 'idempotency-key': 'retry-me' },
      payload: { ...generation(), modelId: crypto.randomUUID() },
    });
    expect(failed.statusCode).toBe(404);
    const retried = await inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...headers, 'idempotency-key': 'retry-me' },
      payload: { ...generation(), modelId: crypto.randomUUID() },
    });
    expect(retried.statusCode).toBe(404);
    const fixed = await inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...headers, 'idempotency-key': 'retry-me-2' },
      payload: generation(),
    });
    expect(fixed.statusCode).toBe(202);
  });
});

describe('limits per key and workspace', () => {
  it('counts requests per key per minute with RateLimit headers, then 429 with Retry-After', async () => {
    const { secret } = await newKey({ scopes: ['read'] });
    const first = await inject({ url: '/api/credits/balance', headers: bearer(secret) });
    expect(first.headers['ratelimit-policy']).toBe('"key";q=120;w=60, "workspace";q=300;w=60');
    expect(first.headers['ratelimit']).toMatch(/^"key";r=119;t=\d+$/);
    for (let i = 1; i < 120; i++) await inject({ url: '/api/credits/balance', headers: bearer(secret) });
    const refused = await inject({ url: '/api/credits/balance', headers: bearer(secret) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit']).toMatch(/r=0;/);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // Another key of the workspace has its own budget.
    const other = await newKey({ scopes: ['read'] });
    expect((await inject({ url: '/api/credits/balance', headers: bearer(other.secret) })).statusCode).toBe(200);
  });

  it('refuses a generation through a key while the workspace runs its plan’s number of them', async () => {
    const team = await createTeam(ctx.database.db, owner.id, 'Busy');
    await givePlan(ctx.database.db, team, owner.id, 'scale');
    const { secret } = await createKey({ db: ctx.database.db, services: ctx.services }, owner.id, team, { scopes: ['generate'] });
    const busy = Array.from({ length: 20 }, () => ({
      userId: owner.id,
      workspaceId: team,
      kind: 'image' as const,
      status: 'waiting' as const,
      provider: 'local',
      modelName: 'Klipt Ultra 1.1',
      input: {},
      cost: 0,
    }));
    await ctx.database.db.insert(generationJobs).values(busy);
    const res = await inject({ method: 'POST', url: '/api/generations', headers: bearer(secret), payload: generation() });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(apiKeyMessages.tooManyRunning(20));
  });
});

describe('the API document', () => {
  it('declares the bearer scheme, each operation’s scope and idempotency, and heads the docs page with the quickstart', async () => {
    const doc = (await inject({ url: '/api/openapi.json' })).json<{
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; description: string; operationId: string }>>;
    }>();
    expect(doc.components.securitySchemes['apiKey']).toMatchObject({ type: 'http', scheme: 'bearer' });
    const create = doc.paths['/api/generations']!['post']!;
    expect(create.security).toEqual([{ session: [] }, { apiKey: ['generate'] }]);
    expect(create.description).toContain("accepted with the 'generate' scope");
    expect(create.description).toContain('Idempotency-Key');
    expect(doc.paths['/api/workspaces/{workspaceId}/api-keys']!['get']!.security).toEqual([{ session: [] }]);
    expect(doc.info.description).toContain('## 5. Retry safely: `Idempotency-Key`');
    // Every operation has its own name, for generated clients and the docs page's deep links.
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(create.operationId).toBe('postGenerations');
  });
});
