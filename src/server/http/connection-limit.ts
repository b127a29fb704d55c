import { isIPv6, type Server, type Socket } from 'node:net';
import type { Logger } from '../lib/logger.ts';
import { ipv6Groups } from '../lib/private-address.ts';

/**
 * Whom a connection is counted against: an IPv4 address (also when a dual-stack socket writes it
 * `::ffff:a.b.c.d`), or an IPv6 client's /64, the block one subscriber gets and can pick any
 * address from.
 */
export function addressKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * Closes, at once, a connection from an address (addressKey) that already holds `max` open ones,
 * before the HTTP parser sees a byte: slow clients cannot take every socket from one address, and
 * everyone else still connects. Counted per process. Logs once per address until it drops to zero.
 */
export function limitConnectionsPerAddress(server: Server, options: { max: number; logger: Pick<Logger, 'warn'> }): void {
  if (options.max <= 0) return;
  const open = new Map<string, number>();
  const warned = new Set<string>();
  const release = (key: string) => {
    const left = (open.get(key) ?? 1) - 1;
    if (left > 0) open.set(key, left);
    else {
      open.delete(key);
      warned.delete(key);
    }
  };
  server.prependListener('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const count = key === undefined ? 0 : (open.get(key) ?? 0);
    // No address: the peer is already gone.
    if (key === undefined || count >= options.max) {
      if (key !== undefined && !warned.has(key)) {
        warned.add(key);
        options.logger.warn({ address: key, max: options.max }, 'too many open connections from one address: new ones are closed');
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => release(key));
  });
}
