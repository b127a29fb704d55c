import type { FastifyInstance } from 'fastify';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request with its path exactly as given (`..`, `%2e`, `%61pi`, `<`…) over a real socket:
 * `fetch`, the WHATWG URL and inject() may normalise a path before it leaves the test.
 */
export async function rawRequest(
  server: FastifyInstance,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: string | Buffer },
): Promise<RawResponse> {
  if (!server.server.listening) await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
