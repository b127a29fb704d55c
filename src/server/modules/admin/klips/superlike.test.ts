import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { klipMessages } from '#contracts/klips.ts';
import { queryRows } from '#server/db/client.ts';
import { klips, klipVotes } from '#server/db/schema/index.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { createActivityRecorder } from '../../activity/log.ts';
import { createSuperlikeWebhook, type SuperlikeWebhookBody } from './superlike-webhook.ts';
import { superlikeWebhookJob } from './superlike-webhook-job.ts';
import type { Resolver } from '#server/lib/private-address.ts';
import { verifyWebhook } from './webhook-signature.ts';

// postgres-pass: concurrency

const SECRET = 'superlike-test-secret-0123';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: SuperlikeWebhookBody;
  status: number;
}

/**
 * The automation's side: a real HTTP server that checks every delivery's signature with the
 * shared secret (401 when it does not verify) and records what it accepted. Per klip, it can be
 * told to answer some statuses first; /hang never answers, /moved redirects.
 */
const deliveries: Delivery[] = [];
const unverified: IncomingHttpHeaders[] = [];
const scripted = new Map<string, number[]>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.url === '/hang') return;
    if (req.url === '/moved') res.writeHead(302, { location: '/hooks/superlike' }).end();
    else answer(req.headers, Buffer.concat(chunks), res);
  });
});

/** A delivery that verifies is recorded and answered as scripted; any other gets 401. */
function answer(headers: IncomingHttpHeaders, raw: Buffer, res: http.ServerResponse) {
  const signed = verifyWebhook({
    secret: SECRET,
    body: raw,
    timestamp: headers['klipt-timestamp'] as string | undefined,
    signature: headers['klipt-signature'] as string | undefined,
  });
  if (!signed) {
    unverified.push(headers);
    res.writeHead(401).end();
    return;
  }
  const body = JSON.parse(raw.toString('utf8')) as SuperlikeWebhookBody;
  const status = scripted.get(body.imageId)?.shift() ?? 200;
  deliveries.push({ headers, body, status });
  res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now');
}
let receiverUrl: string;

let ctx: TestContext;
let alice: Person;
let admin: Person;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ctx = await createTestContext({
    rateLimits: false,
    env: {
      SUPERLIKE_WEBHOOK_URL: `${receiverUrl}/hooks/superlike`,
      SUPERLIKE_WEBHOOK_SECRET: SECRET,
      // pg-boss's smallest: retries after 1-2 s, then 2-4 s.
      SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS: '1',
      // The receiver runs on this machine.
      SUPERLIKE_WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  });
  [alice, admin] = await Promise.all([person(ctx, 'alice@example.com'), person(ctx, 'admin@example.com', { superAdmin: true })]);
});
afterAll(async () => {
  await ctx.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const superlike = (who: Person | null, klipId: string, value: unknown) =>
  callAs(ctx, who)('PUT', `/api/admin/klips/${klipId}/superlike`, { superlike: value });
const deliveriesOf = (klipId: string) => deliveries.filter((d) => d.body.imageId === klipId);

async function queuedJobs(klipId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pgboss.job where name = ${superlikeWebhookJob.name} and data ->> 'klipId' = ${klipId}`,
  );
  return row!.n;
}

async function webhookActivity(klipId: string) {
  return queryRows<{ type: string; message: string; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select type, message, details from activity_log
      where type in ('webhook_delivered', 'webhook_failed') and details ->> 'klipId' = ${klipId} order by id`,
  );
}

async function adminVote(klipId: string) {
  const [vote] = await ctx.database.db
    .select({ voteType: klipVotes.voteType })
    .from(klipVotes)
    .where(and(eq(klipVotes.klipId, klipId), eq(klipVotes.userId, admin.id)));
  const [klip] = await ctx.database.db.select().from(klips).where(eq(klips.id, klipId));
  return { vote: vote?.voteType ?? null, superlikes: klip!.superlikeCount, rating: klip!.ratingScore };
}

describe('superlike', () => {
  it('is counted as a vote (weight 5) and sends the klip, signed, once per superlike', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-send a glass bottle' });
    const res = await superlike(admin, klip.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counts: { archived: 0, one_star: 0, two_stars: 0, heart: 0, superlike: 1 }, viewerVote: 'superlike' });
    expect(await adminVote(klip.id)).toEqual({ vote: 'superlike', superlikes: 1, rating: 5 });
    expect((await callAs(ctx, admin)('GET', `/api/klips/${klip.id}`)).json()).toMatchObject({
      viewerVote: 'superlike',
      counts: { superlike: 1 },
    });

    const [delivery] = await waitFor(() => deliveriesOf(klip.id).length > 0 && deliveriesOf(klip.id), { message: 'the delivery' });
    expect(delivery!.body).toEqual({
      imageId: klip.id,
      prompt: 'superlike-send a glass bottle',
      modelName: 'flux-schnell',
      imageUrl: expect.any(String),
      imageBase64: expect.any(String),
    });
    // The klip is private: its address is a signed one that works, never the bare file's.
    const imageUrl = new URL(delivery!.body.imageUrl);
    expect(`${imageUrl.origin}${imageUrl.pathname}`).toBe(`${TEST_APP_URL}/files/${klip.mediaKey}`);
    expect(imageUrl.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    expect((await ctx.app.server.inject({ method: 'GET', url: `${imageUrl.pathname}${imageUrl.search}` })).statusCode).toBe(200);
    expect(Buffer.from(delivery!.body.imageBase64!, 'base64').equals((await ctx.storage.get(klip.mediaKey))!)).toBe(true);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['klipt-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(Math.abs(Number(delivery!.headers['klipt-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery!.headers['klipt-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await waitFor(async () => (await webhookActivity(klip.id)).length > 0 && webhookActivity(klip.id))).toEqual([
      {
        type: 'webhook_delivered',
        message: 'Superlike webhook delivered for "superlike-send a glass bottle" (attempt 1, HTTP 200)',
        details: { klipId: klip.id, attempt: 1, status: 200 },
      },
    ]);

    // Superliking again changes nothing and queues nothing; taking it back neither.
    expect((await superlike(admin, klip.id, true)).json()).toMatchObject({ counts: { superlike: 1 }, viewerVote: 'superlike' });
    expect(await queuedJobs(klip.id)).toBe(1);
    const back = await superlike(admin, klip.id, false);
    expect(back.json()).toEqual({ counts: { archived: 0, one_star: 0, two_stars: 0, heart: 0, superlike: 0 }, viewerVote: null });
    expect(await adminVote(klip.id)).toEqual({ vote: null, superlikes: 0, rating: 0 });
    expect(await queuedJobs(klip.id)).toBe(1);
    expect(deliveriesOf(klip.id)).toHaveLength(1);
    expect(unverified).toEqual([]);
  });

  it("sends a video klip's poster as the image", async () => {
    const klip = await storedKlip(ctx, alice.id, { klipType: 'video', prompt: 'superlike-video', isPublic: true });
    expect((await superlike(admin, klip.id, true)).statusCode).toBe(200);
    const [delivery] = await waitFor(() => deliveriesOf(klip.id).length > 0 && deliveriesOf(klip.id));
    // A public klip's address is its stable one.
    expect(delivery!.body.imageUrl).toBe(`${TEST_APP_URL}/files/${klip.mediaKey}`);
    expect(Buffer.from(delivery!.body.imageBase64!, 'base64').equals((await ctx.storage.get(klip.posterKey!))!)).toBe(true);
  });

  it('retries a receiver that fails twice with backoff, keeping the vote, and logs every attempt', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-retry' });
    scripted.set(klip.id, [500, 500]);
    expect((await superlike(admin, klip.id, true)).statusCode).toBe(200);

    await waitFor(() => deliveriesOf(klip.id).length === 1, { message: 'the first attempt' });
    expect(await adminVote(klip.id)).toEqual({ vote: 'superlike', superlikes: 1, rating: 5 });
    await waitFor(() => deliveriesOf(klip.id).length === 3, { timeoutMs: 20_000, message: 'the third attempt' });
    const entries = await waitFor(async () => {
      const found = await webhookActivity(klip.id);
      return found.length === 3 && found;
    });

    expect(deliveriesOf(klip.id).map((d) => d.status)).toEqual([500, 500, 200]);
    // One job: the same delivery id on every attempt, each signed afresh.
    expect(new Set(deliveriesOf(klip.id).map((d) => d.headers['klipt-delivery'])).size).toBe(1);
    expect(await queuedJobs(klip.id)).toBe(1);
    expect(entries.map((e) => [e.type, e.details])).toEqual([
      ['webhook_failed', { klipId: klip.id, attempt: 1, status: 500, error: 'answered HTTP 500', willRetry: true }],
      ['webhook_failed', { klipId: klip.id, attempt: 2, status: 500, error: 'answered HTTP 500', willRetry: true }],
      ['webhook_delivered', { klipId: klip.id, attempt: 3, status: 200 }],
    ]);
    expect(entries[0]!.message).toBe('Superlike webhook failed for "superlike-retry" (attempt 1): answered HTTP 500; will retry');
    expect(await adminVote(klip.id)).toEqual({ vote: 'superlike', superlikes: 1, rating: 5 });
  });

  it('replaces the admin’s other vote, and taking it back removes only a superlike', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-replace', isPublic: true });
    expect((await callAs(ctx, admin)('PUT', `/api/klips/${klip.id}/vote`, { voteType: 'heart' })).statusCode).toBe(200);
    const kept = await superlike(admin, klip.id, false);
    expect(kept.json()).toEqual({ counts: { archived: 0, one_star: 0, two_stars: 0, heart: 1, superlike: 0 }, viewerVote: 'heart' });
    expect(await queuedJobs(klip.id)).toBe(0);

    const replaced = await superlike(admin, klip.id, true);
    expect(replaced.json()).toEqual({
      counts: { archived: 0, one_star: 0, two_stars: 0, heart: 0, superlike: 1 },
      viewerVote: 'superlike',
    });
    expect(await adminVote(klip.id)).toEqual({ vote: 'superlike', superlikes: 1, rating: 5 });
    expect(await queuedJobs(klip.id)).toBe(1);
  });

  it('is refused to everyone but super admins, and never through the regular vote', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-refused', isPublic: true });
    const plain = await superlike(alice, klip.id, true);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.message).toBe('Only super admins can do this.');
    expect((await superlike(null, klip.id, true)).statusCode).toBe(401);
    for (const who of [alice, admin]) {
      const viaVote = await callAs(ctx, who)('PUT', `/api/klips/${klip.id}/vote`, { voteType: 'superlike' });
      expect(viaVote.statusCode).toBe(400);
      expect(viaVote.json().error.message).toBe(klipMessages.voteTypeInvalid);
    }
    expect(await adminVote(klip.id)).toEqual({ vote: null, superlikes: 0, rating: 0 });
    expect(await queuedJobs(klip.id)).toBe(0);

    expect((await superlike(admin, randomUUID(), true)).statusCode).toBe(404);
    const badBody = await superlike(admin, klip.id, 'yes');
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.message).toBe('Choose true or false');
  });
});

/** One attempt by hand at `url`, as the job would make it; a 300 ms timeout. */
const webhookTo = (url: string, options: { secret?: string; allowPrivate?: boolean; resolve?: Resolver } = {}) =>
  createSuperlikeWebhook({
    db: ctx.database.db,
    storage: ctx.storage,
    logger: silentLogger(),
    recordActivity: createActivityRecorder({ db: ctx.database.db, logger: silentLogger() }),
    appUrl: TEST_APP_URL,
    config: { url, secret: options.secret ?? SECRET, retryDelaySeconds: 1, allowPrivate: options.allowPrivate ?? true },
    timeoutMs: 300,
    ...(options.resolve && { resolve: options.resolve }),
  });
const attemptAt = (path: string, secret = SECRET) => webhookTo(`${receiverUrl}${path}`, { secret });
/** A DNS of the test's own: each name answers the given addresses. */
const dnsOf =
  (answers: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const lastTry = { id: randomUUID(), retryCount: superlikeWebhookJob.options.retryLimit!, signal: new AbortController().signal };

describe('a delivery attempt', () => {
  it('fails on a timeout, a redirect or a refused signature, logging that it gives up after the last retry', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-attempts' });
    await expect(attemptAt('/hang').deliver(klip.id, lastTry)).rejects.toThrow('no answer within 0.3 s');
    await expect(attemptAt('/moved').deliver(klip.id, lastTry)).rejects.toThrow('answered HTTP 302');
    await expect(attemptAt('/hooks/superlike', 'not-the-shared-secret').deliver(klip.id, lastTry)).rejects.toThrow('answered HTTP 401');
    expect(unverified).toHaveLength(1);
    const entries = await webhookActivity(klip.id);
    expect(entries.map((e) => e.details)).toEqual([
      { klipId: klip.id, attempt: 9, status: null, error: 'no answer within 0.3 s', willRetry: false },
      { klipId: klip.id, attempt: 9, status: 302, error: 'answered HTTP 302', willRetry: false },
      { klipId: klip.id, attempt: 9, status: 401, error: 'answered HTTP 401', willRetry: false },
    ]);
    expect(entries[0]!.message).toMatch(/; giving up$/);
    unverified.length = 0;
  });

  it('of a klip deleted since is dropped and logged, not retried', async () => {
    const gone = randomUUID();
    await expect(attemptAt('/hooks/superlike').deliver(gone, { ...lastTry, retryCount: 0 })).resolves.toBeUndefined();
    expect((await webhookActivity(gone)).map((e) => e.details)).toEqual([
      { klipId: gone, attempt: 1, error: 'klip deleted', willRetry: false },
    ]);
  });
});

const port = () => new URL(receiverUrl).port;

describe('a delivery to a private address', () => {
  it('is refused when the receiver is this machine by name or resolves to it, and nothing reaches it', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-private-name' });
    await expect(
      webhookTo(`http://localhost:${port()}/hooks/superlike`, { allowPrivate: false }).deliver(klip.id, lastTry),
    ).rejects.toThrow('refused: localhost is a loopback address');
    const rebound = dnsOf({ 'hooks.example.test': ['127.0.0.1'], 'mixed.example.test': ['93.184.215.14', '169.254.169.254'] });
    await expect(
      webhookTo(`http://hooks.example.test:${port()}/hooks/superlike`, { allowPrivate: false, resolve: rebound }).deliver(klip.id, lastTry),
    ).rejects.toThrow('refused: hooks.example.test resolves to 127.0.0.1, a loopback address');
    // Every address counts, not only the first.
    await expect(
      webhookTo(`http://mixed.example.test:${port()}/hooks/superlike`, { allowPrivate: false, resolve: rebound }).deliver(klip.id, lastTry),
    ).rejects.toThrow('refused: mixed.example.test resolves to 169.254.169.254, a link-local address');
    expect(deliveriesOf(klip.id)).toEqual([]);
    expect((await webhookActivity(klip.id)).map((e) => e.details)).toEqual([
      expect.objectContaining({ status: null, error: 'refused: localhost is a loopback address' }),
      expect.objectContaining({ status: null, error: 'refused: hooks.example.test resolves to 127.0.0.1, a loopback address' }),
      expect.objectContaining({ status: null, error: 'refused: mixed.example.test resolves to 169.254.169.254, a link-local address' }),
    ]);
  });

  it('is refused for a literal private address, IPv4 or IPv6', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-private-literal' });
    await expect(
      webhookTo(`http://127.0.0.1:${port()}/hooks/superlike`, { allowPrivate: false }).deliver(klip.id, lastTry),
    ).rejects.toThrow('refused: 127.0.0.1 is a loopback address');
    await expect(
      webhookTo(`http://[::ffff:127.0.0.1]:${port()}/hooks/superlike`, { allowPrivate: false }).deliver(klip.id, lastTry),
    ).rejects.toThrow('refused: [::ffff:7f00:1] is a loopback address');
    expect(deliveriesOf(klip.id)).toEqual([]);
  });

  it('goes through when private receivers are allowed, to the address the name resolved to', async () => {
    const klip = await storedKlip(ctx, alice.id, { prompt: 'superlike-private-allowed' });
    // No real DNS knows this name: the connection can only use the address the check saw.
    const resolve = dnsOf({ 'receiver.example.test': ['127.0.0.1'] });
    await webhookTo(`http://receiver.example.test:${port()}/hooks/superlike`, { allowPrivate: true, resolve }).deliver(klip.id, lastTry);
    expect(deliveriesOf(klip.id)).toHaveLength(1);
    expect(deliveriesOf(klip.id)[0]!.headers.host).toBe(`receiver.example.test:${port()}`);
  });
});
