import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as given: `..`, `%2e%2e` and double-encoded segments reach the server unchanged. */
  path: string;
  headers?: Record<string, string>;
  body?: string | object;
  /** A loopback address of its own (127.0.0.x) to stand for another client. */
  localAddress?: string;
}

/**
 * One HTTP request over a real socket with the path as written. `inject()`, `fetch` and the WHATWG
 * URL resolve dot-segments before sending, so tests of path normalisation need this.
 */
export function rawRequest(port: number, options: RawRequest): Promise<RawAnswer> {
  const payload = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Starts the server on a free loopback port (for raw requests); returns the port. */
export async function listenOnLoopback(server: FastifyInstance): Promise<number> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return (server.server.address() as AddressInfo).port;
}
