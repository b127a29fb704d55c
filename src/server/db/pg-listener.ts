import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import type { DbOrTx } from './client.ts';

export interface PgListenerOptions {
  connectionString: string;
  /** A plain lower-case identifier (it is written into LISTEN as is). */
  channel: string;
  /** Names the connection in pg_stat_activity, for operators (and tests) looking for it. */
  applicationName: string;
  logger: Logger;
  onNotification(payload: string): void;
  /** LISTEN is in place (again). Notices sent while it was not are lost: the caller re-reads what it follows. */
  onListening?(): void;
  /** The connection dropped; a new one is tried after a backoff. */
  onLost?(): void;
  /** The wait before the first attempt to reconnect, doubled after each failure up to `max`. */
  reconnectMs?: { first: number; max: number };
}

export interface PgListener {
  /** True while LISTEN is in place on a live connection. */
  listening(): boolean;
  close(): Promise<void>;
}

/** Sends a notice on `channel` through the pool; it is delivered to the listeners when it commits. */
export async function pgNotify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * One dedicated connection (never a pool's: a pooled connection is handed to other queries and
 * its LISTEN would go with it) that LISTENs on one channel and reconnects with backoff whenever
 * it drops.
 */
export function startPgListener(options: PgListenerOptions): PgListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a plain channel name: ${options.channel}`);
  const { logger } = options;
  const firstDelay = options.reconnectMs?.first ?? 500;
  const maxDelay = options.reconnectMs?.max ?? 30_000;
  let client: pg.Client | null = null;
  let delay = firstDelay;
  let retry: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  const scheduleConnect = () => {
    if (closed) return;
    retry = setTimeout(() => {
      retry = null;
      connecting = connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, maxDelay);
  };

  const lost = (which: pg.Client, err?: unknown) => {
    if (which !== client) return;
    client = null;
    which.end().catch(() => {});
    if (closed) return;
    logger.warn({ err, channel: options.channel, retryInMs: delay }, 'listening connection lost; reconnecting');
    options.onLost?.();
    scheduleConnect();
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName,
      connectionTimeoutMillis: 5_000,
      // A connection that died without a word (a network partition) is noticed by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onNotification(message.payload);
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (err) {
      next.end().catch(() => {});
      if (closed) return;
      logger.warn({ err, channel: options.channel, retryInMs: delay }, 'listening connection failed; retrying');
      scheduleConnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = firstDelay;
    options.onListening?.();
  };

  connecting = connect();
  return {
    listening: () => client !== null,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
