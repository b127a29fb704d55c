import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '#test-support/raw-request.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { addressKey } from './connection-limit.ts';

// postgres-pass: same

/**
 * Slow and greedy clients over real sockets, with small limits set through the configuration:
 * headers within 1 s, a whole request within 3 s, 3 open connections per address. Each test
 * speaks from a loopback address of its own (127.0.0.x), so one test's sockets never count
 * against another's.
 */
const HEADERS_SECONDS = 1;
const REQUEST_SECONDS = 3;
const PER_ADDRESS = 3;

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({
    workers: false,
    rateLimits: false,
    env: {
      HTTP_HEADERS_TIMEOUT_SECONDS: String(HEADERS_SECONDS),
      HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    },
  });
  await ctx.app.server.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.server.address() as AddressInfo).port;
});
const clients: Socket[] = [];
afterAll(async () => {
  for (const socket of clients) socket.destroy();
  await ctx.close();
});

interface Client {
  socket: Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves with the milliseconds from the connection to its close, by either side. */
  closed: Promise<number>;
}

/** A raw TCP client from `localAddress`, connected. */
async function client(localAddress: string): Promise<Client> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  clients.push(socket);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A server that closes at once may reset the connection: that is a close too.
  socket.on('error', () => {});
  const started = performance.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return { socket, received: () => Buffer.concat(chunks).toString('latin1'), closed };
}

/** The milliseconds until the server closed `c`; fails once 10 s, far past every limit under test, have passed. */
function closedWithin10s(c: Client): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const kept = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the server kept the connection open')), 10_000);
  });
  return Promise.race([c.closed, kept]).finally(() => clearTimeout(timer));
}

/** Writes `text` one byte every `everyMs` until the socket closes (the slowloris). */
function dribble(socket: Socket, text: string, everyMs = 100): void {
  let next = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || next >= text.length) clearInterval(timer);
    else {
      socket.write(text[next]!);
      next += 1;
    }
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** A request on the connection that is answered (keeps it open: HTTP/1.1 keep-alive). */
async function answeredOn(c: Client): Promise<void> {
  c.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await waitFor(() => c.received().startsWith('HTTP/1.1 200 ') && c.received().includes('\r\n\r\n'), { message: 'the answer' });
}

/** Whether a new connection from `localAddress` is closed unanswered, before a headers timeout could. */
async function refusedAtOnce(localAddress: string): Promise<boolean> {
  const c = await client(localAddress).catch(() => undefined);
  if (!c) return true;
  c.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  return (await closedWithin10s(c)) < HEADERS_SECONDS * 1000 && c.received() === '';
}

describe('a client that sends slowly', () => {
  it('is cut off when its headers take longer than HTTP_HEADERS_TIMEOUT_SECONDS, byte by byte', async () => {
    const slow = await client('127.0.0.21');
    dribble(slow.socket, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(200)}\r\n\r\n`);
    const ms = await closedWithin10s(slow);
    expect(ms).toBeGreaterThanOrEqual(HEADERS_SECONDS * 1000 - 50);
    // The check runs every quarter of the timeout: cut within a second of it, never answered.
    expect(ms).toBeLessThan(HEADERS_SECONDS * 1000 + 1500);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is cut off when it connects and sends nothing', async () => {
    const silent = await client('127.0.0.21');
    const ms = await closedWithin10s(silent);
    expect(ms).toBeLessThan(HEADERS_SECONDS * 1000 + 1500);
  });

  it('is cut off when its body takes longer than HTTP_REQUEST_TIMEOUT_SECONDS', async () => {
    const slow = await client('127.0.0.21');
    slow.socket.write('POST /api/waitlist HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n');
    dribble(slow.socket, `{"email":"slow@example.com","name":"${'s'.repeat(3900)}`);
    const ms = await closedWithin10s(slow);
    expect(ms).toBeGreaterThanOrEqual(REQUEST_SECONDS * 1000 - 50);
    expect(ms).toBeLessThan(REQUEST_SECONDS * 1000 + 1500);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is served when its body arrives within the timeout, even in pieces', async () => {
    const body = JSON.stringify({ email: 'steady@example.com', name: 'Steady' });
    const steady = await client('127.0.0.21');
    steady.socket.write(
      `POST /api/waitlist HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    dribble(steady.socket, body, 10);
    await waitFor(() => /^HTTP\/1\.1 \d{3} /.test(steady.received()), { message: 'the answer' });
    expect(steady.received()).not.toMatch(/^HTTP\/1\.1 408 /);
    steady.socket.destroy();
  });
});

describe('open connections per address', () => {
  it(`are at most HTTP_MAX_CONNECTIONS_PER_ADDRESS: the next one is closed at once, other addresses still connect`, async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => client('127.0.0.22')));
    // Each has been served, so the server has surely counted it.
    for (const c of held) await answeredOn(c);

    // Closed well before any timeout would, and never answered (or closed before it even connected).
    expect(await refusedAtOnce('127.0.0.22')).toBe(true);
    expect((await rawRequest(ctx.app.server, { path: '/api/health', localAddress: '127.0.0.23' })).status).toBe(200);
    for (const c of held) expect(c.socket.destroyed).toBe(false);

    // A connection that closes frees its place.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const next = await waitFor(
      async () => {
        const c = await client('127.0.0.22').catch(() => undefined);
        if (!c) return undefined;
        c.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        const answered = await Promise.race([
          waitFor(() => /\r\n\r\n/.test(c.received()), { timeoutMs: 500 }).then(() => true),
          c.closed.then(() => false),
        ]).catch(() => false);
        return answered ? c : undefined;
      },
      { message: 'a place for a new connection' },
    );
    expect(next.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of [...held, next]) c.socket.destroy();
  });
});

describe('addressKey', () => {
  it('counts an IPv4 client the same over IPv4 and dual-stack sockets, and an IPv6 client by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:2'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey(undefined)).toBeUndefined();
  });
});
