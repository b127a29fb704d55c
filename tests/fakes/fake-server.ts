/**
 * Plumbing shared by the provider fakes: an HTTP server on 127.0.0.1 and a free port, request
 * recording, body reading and small answer helpers. Each fake adds the provider's own wire format.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

export async function startServer(
  handler: (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>,
): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      let body: unknown;
      try {
        body = rawBody.length > 0 ? (JSON.parse(rawBody.toString('utf8')) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        body,
      };
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: `fake failed: ${String(error)}` });
        else res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(data.length), ...headers });
  res.end(data);
}

export function sendBytes(
  res: http.ServerResponse,
  status: number,
  data: Buffer,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(data.length), ...headers });
  res.end(data);
}

/** Waits `ms`, or less when the client went away (so slow answers never outlive a test). */
export function waitOrClose(res: http.ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

/** Headers then half the body, then nothing for `ms`: a body that stalls. */
export async function sendStalledBody(res: http.ServerResponse, data: Buffer, contentType: string, ms: number): Promise<void> {
  res.writeHead(200, { 'content-type': contentType, 'content-length': String(data.length) });
  res.write(data.subarray(0, Math.floor(data.length / 2)));
  if (await waitOrClose(res, ms)) res.end(data.subarray(Math.floor(data.length / 2)));
}

// ---- request shape checks -------------------------------------------------------------------

export type FieldRule =
  | { type: 'string'; required?: boolean; enum?: readonly string[]; nonEmpty?: boolean; base64Image?: boolean; pattern?: RegExp }
  | { type: 'number'; required?: boolean; min?: number; max?: number; integer?: boolean; enum?: readonly number[] }
  | { type: 'boolean'; required?: boolean; enum?: readonly boolean[] };

export type Schema = Record<string, FieldRule>;

function isBase64Image(value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const bytes = Buffer.from(value, 'base64');
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp = bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return png || jpeg || webp;
}

/**
 * Checks a JSON object against a flat schema. Unknown fields are refused too: the real APIs may
 * ignore them, but a typo in a field name (cn_strength for Segmind's cn_strenght) must fail a test.
 * Returns the problems, empty when the body is fine.
 */
export function checkFields(body: unknown, schema: Schema): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['body must be a JSON object'];
  const problems: string[] = [];
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(key in schema)) problems.push(`${key}: unknown field`);
  }
  for (const [key, rule] of Object.entries(schema)) {
    const value = record[key];
    if (value === undefined) {
      if (rule.required) problems.push(`${key}: required`);
      continue;
    }
    if (typeof value !== rule.type) {
      problems.push(`${key}: must be a ${rule.type}`);
      continue;
    }
    if (rule.type === 'string') {
      const text = value as string;
      if (rule.enum && !rule.enum.includes(text)) problems.push(`${key}: must be one of ${rule.enum.join(', ')}`);
      if (rule.nonEmpty && text.trim() === '') problems.push(`${key}: must not be empty`);
      if (rule.pattern && !rule.pattern.test(text)) problems.push(`${key}: bad format`);
      if (rule.base64Image && !isBase64Image(text)) problems.push(`${key}: must be a base64 image`);
    } else if (rule.type === 'number') {
      const number = value as number;
      if (rule.integer && !Number.isInteger(number)) problems.push(`${key}: must be an integer`);
      if (rule.min !== undefined && number < rule.min) problems.push(`${key}: must be >= ${rule.min}`);
      if (rule.max !== undefined && number > rule.max) problems.push(`${key}: must be <= ${rule.max}`);
      if (rule.enum && !rule.enum.includes(number)) problems.push(`${key}: must be one of ${rule.enum.join(', ')}`);
    } else if (rule.enum && !rule.enum.includes(value as boolean)) {
      problems.push(`${key}: must be ${rule.enum.join(' or ')}`);
    }
  }
  return problems;
}

export function header(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** What a scripted fake records and answers: every request, the accepted ones, and queued answers. */
export interface Script<TAnswer> {
  requests: RecordedRequest[];
  accepted: RecordedRequest[];
  /** Answers for the next accepted requests, in order. */
  enqueue: (...answers: TAnswer[]) => void;
  /** Records an accepted request and takes its answer (the fallback when nothing is queued). */
  accept: (request: RecordedRequest, fallback: TAnswer) => TAnswer;
  /** Forgets recorded requests and queued answers. */
  reset: () => void;
}

export function createScript<TAnswer>(): Script<TAnswer> {
  const queue: TAnswer[] = [];
  const requests: RecordedRequest[] = [];
  const accepted: RecordedRequest[] = [];
  return {
    requests,
    accepted,
    enqueue: (...answers) => {
      queue.push(...answers);
    },
    accept: (request, fallback) => {
      accepted.push(request);
      return queue.shift() ?? fallback;
    },
    reset: () => {
      requests.length = 0;
      accepted.length = 0;
      queue.length = 0;
    },
  };
}
