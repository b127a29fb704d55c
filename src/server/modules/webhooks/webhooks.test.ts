import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyMessages } from '#contracts/api-keys.ts';
import {
  WEBHOOK_ENDPOINTS_PER_WORKSPACE,
  webhookMessages,
  webhookRetryDelaysSeconds,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '#contracts/webhooks.ts';
import { brandTeam, type BrandTeam } from '#test-support/brand-kits.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { readOutbox } from '#test-support/mailbox.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { selectWorkspace, signedInUser } from '#test-support/workspaces.ts';
import { queryRows } from '../../db/client.ts';
import { aiModels, batchItems, generationJobs, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { silentLogger } from '../../lib/logger.ts';
import type { Resolver } from '../../lib/private-address.ts';
import { bookOnce } from '../credits/ledger.ts';
import { deliverWebhookJob } from './delivery-job.ts';
import { claimAttempt } from './delivery-repo.ts';
import { createWebhookDeliverer } from './delivery.ts';
import { createWebhookService } from './service.ts';

// postgres-pass: driver

// ---------------------------------------------------------------------------------------------
// A receiver's side, written from the Standard Webhooks specification and nothing of Klipt's:
// the signed content is "<webhook-id>.<webhook-timestamp>.<body>", the key the secret's base64
// after "whsec_", the header a space-separated list of "v1,<base64 HMAC-SHA256>".
// ---------------------------------------------------------------------------------------------
const TOLERANCE_SECONDS = 5 * 60;

function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string, nowSeconds = Date.now() / 1000): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') return false;
    const given = Buffer.from(entry.slice(comma + 1), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
/** Statuses to answer per path, in order; 200 once they run out. */
const scripted = new Map<string, number[]>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(scripted.get(path)?.shift() ?? 200).end();
  });
});
let receiverUrl: string;
const receivedAt = (path: string) => received.filter((r) => r.path === path);

let ctx: TestContext;
let team: BrandTeam;
let other: BrandTeam;
let growth: BrandTeam;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string; message: string } }>().error;
const hooksUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/webhooks`;
const hookUrl = (workspaceId: string, id: string) => `${hooksUrl(workspaceId)}/${id}`;

async function createEndpoint(path: string, events: string[] = ['generation.succeeded', 'generation.failed', 'batch.finished']) {
  const res = await call('POST', hooksUrl(team.id), team.owner.cookie, { url: `${receiverUrl}${path}`, events });
  expect(res.statusCode).toBe(201);
  return res.json<WebhookEndpointWithSecret>();
}

const deliver = () => ctx.runQueued([deliverWebhookJob.name]);

/** Makes every scheduled try due now (pg-boss's start_after), as the clock would after the delay. */
async function retriesDue() {
  await db().execute(sql`update pgboss.job set start_after = now() where name = ${deliverWebhookJob.name} and state = 'created'`);
}

async function scheduledTries(deliveryId: string) {
  const rows = await queryRows<{ attempt: number; startAfter: string }>(
    db(),
    sql`select (data ->> 'attempt')::int as attempt, start_after::text as "startAfter" from pgboss.job
        where name = ${deliverWebhookJob.name} and data ->> 'deliveryId' = ${deliveryId} and state = 'created'`,
  );
  return rows.map((row) => ({ attempt: row.attempt, startAfter: new Date(row.startAfter) }));
}

const deliveryRow = async (id: string) => (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const endpointRow = async (id: string) => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
const attemptsOf = (id: string) =>
  db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(asc(webhookAttempts.attemptedAt));
const deliveriesTo = (endpointId: string) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.createdAt));

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Jobs are run by hand (runQueued): every try is driven by the test, none by a clock.
  ctx = await createTestContext({ workers: false, rateLimits: false, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  [team, other, growth] = await Promise.all([brandTeam(ctx, 'scale'), brandTeam(ctx, 'scale'), brandTeam(ctx, 'growth')]);
  await Promise.all([team.owner, team.admin, team.member].map((p) => selectWorkspace(db(), p.id, team.id)));
});
afterAll(async () => {
  await ctx?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  scripted.clear();
});

describe('webhook endpoints', () => {
  it('owners and admins manage them; the secret is shown only when created or rotated', async () => {
    const created = await createEndpoint('/crud', ['generation.succeeded']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created.endpoint).toMatchObject({
      url: `${receiverUrl}/crud`,
      events: ['generation.succeeded'],
      enabled: true,
      disabledReason: null,
    });

    const listed = await call('GET', hooksUrl(team.id), team.admin.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ endpoints: WebhookEndpoint[] }>().endpoints.map((e) => e.id)).toContain(created.endpoint.id);
    expect(listed.body).not.toContain(created.secret.slice(6));
    expect(listed.body).not.toContain('secret');

    const rotated = await call('POST', `${hookUrl(team.id, created.endpoint.id)}/rotate-secret`, team.admin.cookie);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<WebhookEndpointWithSecret>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);

    const off = await call('PATCH', hookUrl(team.id, created.endpoint.id), team.owner.cookie, { enabled: false, description: 'CRM' });
    expect(off.json<WebhookEndpoint>()).toMatchObject({ enabled: false, disabledReason: 'manual', description: 'CRM' });
    expect(off.json<WebhookEndpoint>().disabledAt).not.toBeNull();
    const on = await call('PATCH', hookUrl(team.id, created.endpoint.id), team.owner.cookie, { enabled: true });
    expect(on.json<WebhookEndpoint>()).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });

    expect((await call('DELETE', hookUrl(team.id, created.endpoint.id), team.owner.cookie)).statusCode).toBe(204);
    const gone = await call('PATCH', hookUrl(team.id, created.endpoint.id), team.owner.cookie, { enabled: true });
    expect([gone.statusCode, errorOf(gone).message]).toEqual([404, webhookMessages.notFound]);
  });

  it('refuses members (403), other workspaces (404) and plans without API access (403)', async () => {
    const { endpoint } = await createEndpoint('/access');
    for (const res of [
      await call('GET', hooksUrl(team.id), team.member.cookie),
      await call('POST', hooksUrl(team.id), team.member.cookie, { url: 'https://example.com/x', events: ['batch.finished'] }),
      await call('POST', `${hookUrl(team.id, endpoint.id)}/rotate-secret`, team.member.cookie),
      await call('GET', `${hookUrl(team.id, endpoint.id)}/deliveries`, team.member.cookie),
      await call('DELETE', hookUrl(team.id, endpoint.id), team.member.cookie),
    ])
      expect([res.statusCode, errorOf(res)]).toEqual([403, { code: 'FORBIDDEN', message: apiKeyMessages.notAllowed }]);

    // Another Scale workspace's owner: not a member here, and this endpoint is not theirs.
    expect((await call('GET', hooksUrl(team.id), other.owner.cookie)).statusCode).toBe(404);
    const foreign = await call('POST', `${hookUrl(other.id, endpoint.id)}/test`, other.owner.cookie);
    expect([foreign.statusCode, errorOf(foreign).message]).toEqual([404, webhookMessages.notFound]);
    const noPlan = await call('GET', hooksUrl(growth.id), growth.owner.cookie);
    expect([noPlan.statusCode, errorOf(noPlan).code]).toEqual([403, 'PLAN_REQUIRED']);
  });

  it('takes https only, no literal private host, unless WEBHOOKS_ALLOW_PRIVATE_TARGETS; at most the limit per workspace', async () => {
    const strict = createWebhookService({ db: db(), jobs: ctx.jobs, allowPrivateTargets: false });
    const owner = await signedInUser(db(), other.owner.id);
    const refused = (url: string) => strict.create(owner, other.id, { url, events: ['batch.finished'], description: '' });
    await expect(refused('http://example.com/hooks')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: webhookMessages.httpsRequired,
    });
    await expect(refused('https://127.0.0.1/hooks')).rejects.toMatchObject({ message: webhookMessages.privateTarget('loopback') });
    await expect(refused('https://localhost:8443/hooks')).rejects.toMatchObject({ message: webhookMessages.privateTarget('loopback') });
    await expect(refused('https://[fe80::1]/hooks')).rejects.toMatchObject({ message: webhookMessages.privateTarget('link-local') });
    await expect(refused('https://10.1.2.3/hooks')).rejects.toMatchObject({ message: webhookMessages.privateTarget('private') });
    const ok = await strict.create(owner, other.id, {
      url: 'https://hooks.example.com/klipt',
      events: ['batch.finished'],
      description: '',
    });
    expect(ok.endpoint.url).toBe('https://hooks.example.com/klipt');

    for (let i = 1; i < WEBHOOK_ENDPOINTS_PER_WORKSPACE; i++)
      await strict.create(owner, other.id, { url: `https://h${i}.example.com/`, events: ['batch.finished'], description: '' });
    const over = await call('POST', hooksUrl(other.id), other.owner.cookie, {
      url: 'https://one-more.example.com/',
      events: ['batch.finished'],
    });
    expect([over.statusCode, errorOf(over)]).toEqual([409, { code: 'CONFLICT', message: webhookMessages.tooManyEndpoints }]);
  });
});

/** A DNS whose answers moved inside: rebound.example.com → 10.0.0.7, anything else → 127.0.0.1. */
const privateDns: Resolver = async (hostname) => [{ address: hostname === 'rebound.example.com' ? '10.0.0.7' : '127.0.0.1', family: 4 }];

describe('deliveries', () => {
  it('are signed by the Standard Webhooks scheme, retried on the schedule, logged, and keep their webhook-id', async () => {
    const { endpoint, secret } = await createEndpoint('/flaky');
    scripted.set('/flaky', [500, 200]);
    const test = await call('POST', `${hookUrl(team.id, endpoint.id)}/test`, team.owner.cookie);
    expect(test.statusCode).toBe(202);
    const queued = test.json<WebhookDelivery>();
    expect(queued).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });

    expect(await deliver()).toBe(1);
    const first = await deliveryRow(queued.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'answered HTTP 500' });
    expect(first.nextAttemptAt!.getTime() - first.lastAttemptAt!.getTime()).toBe(webhookRetryDelaysSeconds[0] * 1000);
    const [scheduled] = await scheduledTries(queued.id);
    expect(scheduled!.attempt).toBe(2);
    expect(Math.abs(scheduled!.startAfter.getTime() - first.nextAttemptAt!.getTime())).toBeLessThan(2_000);
    expect((await endpointRow(endpoint.id)).failingSince).not.toBeNull();
    // Not due yet: nothing runs.
    expect(await deliver()).toBe(0);

    await retriesDue();
    expect(await deliver()).toBe(1);
    expect(await deliveryRow(queued.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
    expect((await attemptsOf(queued.id)).map((a) => [a.statusCode, a.error])).toEqual([
      [500, 'answered HTTP 500'],
      [200, null],
    ]);

    const tries = receivedAt('/flaky');
    expect(tries).toHaveLength(2);
    for (const t of tries) {
      expect(verifyStandardWebhook(secret, t.headers, t.body)).toBe(true);
      expect(t.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Klipt-Webhooks/1', 'webhook-id': queued.id });
      expect(JSON.parse(t.body)).toEqual({ type: 'webhook.test', timestamp: expect.any(String), data: { endpointId: endpoint.id } });
    }
    // Another secret, a changed body or an old timestamp does not verify.
    const [t] = tries;
    expect(verifyStandardWebhook('whsec_' + Buffer.alloc(32, 7).toString('base64'), t!.headers, t!.body)).toBe(false);
    expect(verifyStandardWebhook(secret, t!.headers, t!.body.replace('webhook.test', 'webhook.tesT'))).toBe(false);
    expect(verifyStandardWebhook(secret, t!.headers, t!.body, Date.now() / 1000 + TOLERANCE_SECONDS + 60)).toBe(false);

    // A job run twice (pg-boss may) finds its try taken and sends nothing.
    await ctx.jobs.send(deliverWebhookJob, { deliveryId: queued.id, attempt: 2 });
    expect(await deliver()).toBe(1);
    expect(receivedAt('/flaky')).toHaveLength(2);

    const log = await call('GET', `${hookUrl(team.id, endpoint.id)}/deliveries`, team.admin.cookie);
    expect(log.json<WebhookDeliveryPage>().deliveries[0]).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      attempts: 2,
      responseCode: 200,
    });
  });

  it('give up after the last delay; a resend is a new try with the same webhook-id', async () => {
    const { endpoint } = await createEndpoint('/down');
    scripted.set(
      '/down',
      Array.from({ length: webhookRetryDelaysSeconds.length + 1 }, () => 503),
    );
    const { id } = (await call('POST', `${hookUrl(team.id, endpoint.id)}/test`, team.owner.cookie)).json<WebhookDelivery>();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= webhookRetryDelaysSeconds.length + 1; attempt++) {
      await retriesDue();
      expect(await deliver()).toBe(1);
      const row = await deliveryRow(id);
      expect(row.attempts).toBe(attempt);
      if (row.nextAttemptAt) delays.push((row.nextAttemptAt.getTime() - row.lastAttemptAt!.getTime()) / 1000);
    }
    expect(delays).toEqual([...webhookRetryDelaysSeconds]);
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 503, nextAttemptAt: null });
    expect(await scheduledTries(id)).toEqual([]);

    const resent = await call('POST', `${hookUrl(team.id, endpoint.id)}/deliveries/${id}/resend`, team.admin.cookie);
    expect([resent.statusCode, resent.json<WebhookDelivery>().status]).toEqual([202, 'pending']);
    expect(await deliver()).toBe(1);
    expect(await deliveryRow(id)).toMatchObject({ status: 'succeeded', attempts: 9, lastStatusCode: 200 });
    expect(new Set(receivedAt('/down').map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
    expect(receivedAt('/down')).toHaveLength(9);
  });

  it('send again a try that died with its process, or whose job was lost, once its lease is a minute over', async () => {
    const { endpoint } = await createEndpoint('/recovered');
    const { id } = (await call('POST', `${hookUrl(team.id, endpoint.id)}/test`, team.owner.cookie)).json<WebhookDelivery>();
    // The process took try 1 and died before it was recorded: no job is left, the lease is running.
    await claimAttempt(db(), id, 1);
    await db().execute(sql`delete from pgboss.job where name = ${deliverWebhookJob.name} and data ->> 'deliveryId' = ${id}`);
    expect(await ctx.services.webhookDeliveries.recoverOverdue()).toBe(0);
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 61_000) })
      .where(eq(webhookDeliveries.id, id));
    expect(await ctx.services.webhookDeliveries.recoverOverdue()).toBe(1);
    // Leased again: a second sweep does not queue it twice.
    expect(await ctx.services.webhookDeliveries.recoverOverdue()).toBe(0);
    expect(await deliver()).toBe(1);
    expect(await deliveryRow(id)).toMatchObject({ status: 'succeeded', attempts: 2, nextAttemptAt: null });
    expect(receivedAt('/recovered').map((r) => r.headers['webhook-id'])).toEqual([id]);
  });

  it('switch an endpoint off after a day of failures, stop its pending tries and email the owner once', async () => {
    const { endpoint } = await createEndpoint('/dead');
    scripted.set('/dead', [500, 500]);
    const send = async () => (await call('POST', `${hookUrl(team.id, endpoint.id)}/test`, team.owner.cookie)).json<WebhookDelivery>();
    const first = await send();
    await deliver();
    // A day has passed since the first failure.
    const since = new Date(Date.now() - 25 * 3600_000);
    await db().update(webhookEndpoints).set({ failingSince: since }).where(eq(webhookEndpoints.id, endpoint.id));
    const second = await send();
    // The second's try fails: the endpoint goes off; the first's scheduled retry stops.
    await db().execute(
      sql`update pgboss.job set start_after = now() + interval '1 hour' where name = ${deliverWebhookJob.name} and data ->> 'deliveryId' = ${first.id}`,
    );
    expect(await deliver()).toBe(1);
    const off = await endpointRow(endpoint.id);
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing', failingSince: since });
    expect(await deliveryRow(second.id)).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(await deliveryRow(first.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'not sent: the endpoint is switched off',
    });
    await retriesDue();
    await deliver();
    expect(receivedAt('/dead')).toHaveLength(2);

    await ctx.runQueued(['send-email']);
    const mails = (await readOutbox(ctx.outboxDir)).filter((m) => m.subject.includes('webhook endpoint'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain('brand-owner');
    expect(mails[0]!.text).toContain(`${receiverUrl}/dead`);

    const test = await call('POST', `${hookUrl(team.id, endpoint.id)}/test`, team.owner.cookie);
    expect([test.statusCode, errorOf(test).message]).toEqual([409, webhookMessages.endpointDisabled]);
    const resend = await call('POST', `${hookUrl(team.id, endpoint.id)}/deliveries/${first.id}/resend`, team.owner.cookie);
    expect(resend.statusCode).toBe(409);

    const on = await call('PATCH', hookUrl(team.id, endpoint.id), team.owner.cookie, { enabled: true });
    expect(on.json<WebhookEndpoint>()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('refuses a target that resolves to a private address at delivery time unless allowed', async () => {
    const strict = createWebhookDeliverer({
      db: db(),
      jobs: ctx.jobs,
      logger: silentLogger(),
      appUrl: 'http://localhost:3000',
      allowPrivateTargets: false,
      resolve: privateDns,
    });
    const { endpoint } = await createEndpoint('/private');
    // Its name resolved to a public address when it was saved; now it points inside.
    await db().update(webhookEndpoints).set({ url: 'http://rebound.example.com/private' }).where(eq(webhookEndpoints.id, endpoint.id));
    const test = (await call('POST', `${hookUrl(team.id, endpoint.id)}/test`, team.owner.cookie)).json<WebhookDelivery>();
    await strict.attempt({ deliveryId: test.id, attempt: 1 }, { signal: new AbortController().signal });
    const row = await deliveryRow(test.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(row.lastError).toMatch(/^refused: the address resolves to a private network \(rebound\.example\.com resolves to 10\.0\.0\.7/);
    // A literal loopback address is refused before any connection.
    await db()
      .update(webhookEndpoints)
      .set({ url: `${receiverUrl}/private` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await strict.attempt({ deliveryId: test.id, attempt: 2 }, { signal: new AbortController().signal });
    expect((await deliveryRow(test.id)).lastError).toMatch(/^refused: the address resolves to a private network/);
    expect(receivedAt('/private')).toEqual([]);
  });

  it('pages the log newest first, 20 a page', async () => {
    const { endpoint } = await createEndpoint('/paged');
    const ids: string[] = [];
    for (let i = 0; i < 21; i++)
      ids.push((await call('POST', `${hookUrl(team.id, endpoint.id)}/test`, team.owner.cookie)).json<WebhookDelivery>().id);
    const url = `${hookUrl(team.id, endpoint.id)}/deliveries`;
    const first = (await call('GET', url, team.owner.cookie)).json<WebhookDeliveryPage>();
    expect(first.deliveries.map((d) => d.id)).toEqual(ids.slice(1).reverse());
    const second = (await call('GET', `${url}?cursor=${first.nextCursor}`, team.owner.cookie)).json<WebhookDeliveryPage>();
    expect([second.deliveries.map((d) => d.id), second.nextCursor]).toEqual([[ids[0]], null]);
    expect((await call('GET', `${url}?cursor=nonsense`, team.owner.cookie)).statusCode).toBe(400);
    await deliver();
  });
});

const modelId = async (slug: string) => (await db().select().from(aiModels).where(eq(aiModels.slug, slug)))[0]!.id;

async function upload(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const form = multipartBody('file', `p${i}.png`, 'image/png', await pngImage(48, 48, i + 1));
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...SAME_ORIGIN, cookie: team.member.cookie, ...form.headers },
      payload: form.payload,
    });
    ids.push(res.json<{ id: string }>().id);
  }
  return ids;
}

const payloads = async (endpointId: string) =>
  (await deliveriesTo(endpointId)).map((d) => d.payload as { type: string; data: Record<string, unknown> });

describe('events', () => {
  beforeAll(async () => {
    await bookOnce(db(), { workspaceId: team.id, userId: team.owner.id, amount: 100, type: 'grant', reference: `test-grant:${team.id}` });
  });

  it('a generation that succeeds or fails (refunded) is delivered to the endpoints subscribed to it', async () => {
    const all = await createEndpoint('/events');
    const failedOnly = await createEndpoint('/failed-only', ['generation.failed']);
    const res = await call('POST', '/api/generations', team.member.cookie, {
      modelType: 'standard',
      modelId: await modelId('flux-1.1-pro-ultra'),
      prompt: 'a glass bottle',
    });
    expect(res.statusCode).toBe(202);
    const jobId = res.json<{ id: string }>().id;
    await ctx.runQueued(['generate-image']);
    const [job] = await db().select().from(generationJobs).where(eq(generationJobs.id, jobId));
    expect(job!.status).toBe('succeeded');
    expect(await payloads(all.endpoint.id)).toEqual([
      {
        type: 'generation.succeeded',
        timestamp: expect.any(String),
        data: { generationId: jobId, klipId: job!.klipId, kind: 'image', batchId: null, creditsCharged: job!.cost },
      },
    ]);
    expect(await payloads(failedOnly.endpoint.id)).toEqual([]);

    // A job whose worker keeps dying is failed and refunded by recovery.
    const lost = (
      await call('POST', '/api/generations', team.member.cookie, {
        modelType: 'standard',
        modelId: await modelId('flux-1.1-pro-ultra'),
        prompt: 'lost',
      })
    ).json<{ id: string }>().id;
    await db()
      .update(generationJobs)
      .set({ status: 'running', attempts: 3, updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(generationJobs.id, lost));
    await ctx.services.generation.recoverStale();
    const failed = await payloads(failedOnly.endpoint.id);
    expect(failed).toEqual([
      {
        type: 'generation.failed',
        timestamp: expect.any(String),
        data: {
          generationId: lost,
          batchId: null,
          error: { code: 'GENERATION_LOST', message: expect.any(String) },
          refundedCredits: job!.cost,
        },
      },
    ]);
    await deliver();
    expect(receivedAt('/events').map((r) => JSON.parse(r.body).type)).toEqual(
      expect.arrayContaining(['generation.succeeded', 'generation.failed']),
    );
    await call('DELETE', hookUrl(team.id, all.endpoint.id), team.owner.cookie);
    await call('DELETE', hookUrl(team.id, failedOnly.endpoint.id), team.owner.cookie);
  });

  it('a batch is finished once, when its last item ends or when cancelling ends it', async () => {
    const { endpoint } = await createEndpoint('/batches', ['batch.finished', 'generation.succeeded']);
    const editor = await modelId('ai-product-photo-editor');
    const started = await call('POST', '/api/batches', team.member.cookie, {
      name: 'Hooks',
      modelType: 'standard',
      modelId: editor,
      prompt: 'on a beach',
      productUploadIds: await upload(2),
    });
    expect(started.statusCode).toBe(202);
    const batchId = started.json<{ id: string }>().id;
    while ((await ctx.runQueued(['generate-image'])) > 0);
    const events = await payloads(endpoint.id);
    expect(events.filter((e) => e.type === 'generation.succeeded').map((e) => e.data.batchId)).toEqual([batchId, batchId]);
    expect(events.filter((e) => e.type === 'batch.finished')).toEqual([
      { type: 'batch.finished', timestamp: expect.any(String), data: { batchId, counts: { succeeded: 2, failed: 0, cancelled: 0 } } },
    ]);

    const cancelled = (
      await call('POST', '/api/batches', team.member.cookie, {
        name: 'Cancelled',
        modelType: 'standard',
        modelId: editor,
        prompt: 'x',
        productUploadIds: await upload(2),
      })
    ).json<{ id: string }>().id;
    expect((await call('POST', `/api/batches/${cancelled}/cancel`, team.member.cookie)).statusCode).toBe(200);
    const ends = (await payloads(endpoint.id)).filter((e) => e.type === 'batch.finished' && e.data.batchId === cancelled);
    expect(ends.map((e) => e.data.counts)).toEqual([{ succeeded: 0, failed: 0, cancelled: 2 }]);
    const items = await db()
      .select()
      .from(batchItems)
      .where(and(eq(batchItems.batchId, cancelled)));
    expect(items).toHaveLength(2);
    await deliver();
  });

  it('a workspace without endpoints records nothing', async () => {
    const before = (await db().select().from(webhookDeliveries)).length;
    const res = await call('POST', '/api/generations', other.owner.cookie, {
      modelType: 'standard',
      modelId: await modelId('flux-1.1-pro-ultra'),
      prompt: 'quiet',
    });
    expect(res.statusCode).toBe(202);
    await ctx.runQueued(['generate-image']);
    expect((await db().select().from(webhookDeliveries)).length).toBe(before);
  });
});
