import type { FastifyInstance } from 'fastify';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequestOptions {
  method?: string;
  /** Sent exactly as given: `..`, `%2e%2e`, `%61pi`, `<`… reach the server unchanged. */
  path: string;
  headers?: Record<string, string | number>;
  /** A string or Buffer as is; an object as JSON (with its content type). */
  body?: string | Buffer | object;
  /** A loopback address of its own (127.0.0.x) to stand for another client. */
  localAddress?: string;
}

/**
 * Sends a request with its path exactly as given over a real socket: `fetch`, the WHATWG URL
 * and inject() may normalise a path before it leaves the test. Starts the server on a free
 * loopback port the first time.
 */
export async function rawRequest(server: FastifyInstance, options: RawRequestOptions): Promise<RawResponse> {
  if (!server.server.listening) await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  const json = options.body !== undefined && typeof options.body === 'object' && !Buffer.isBuffer(options.body);
  const payload = json ? JSON.stringify(options.body) : (options.body as string | Buffer | undefined);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
