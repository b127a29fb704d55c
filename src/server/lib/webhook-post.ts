import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { kindPhrase, PrivateAddressError, privateHostKind, publicOnlyLookup, type Resolver } from './private-address.ts';

/**
 * A failed webhook POST (the superlike webhook, workspaces' webhooks): `status` is the receiver's
 * answer, null when there was none; `refused` when the target is a private address and that is
 * not allowed.
 */
export class WebhookPostError extends Error {
  readonly status: number | null;
  readonly refused: boolean;
  constructor(message: string, status: number | null, refused = false) {
    super(message);
    this.name = 'WebhookPostError';
    this.status = status;
    this.refused = refused;
  }
}

export interface WebhookPost {
  url: string | URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Loopback, private and link-local targets are allowed (tests, a receiver on the same network). */
  allowPrivate: boolean;
  /** How host names are resolved (tests give their own; the system's DNS otherwise). */
  resolve?: Resolver | undefined;
  /** Aborts the request (a job's signal); the timeout applies as well. */
  signal?: AbortSignal | undefined;
}

/**
 * One POST with node's http(s) client, which takes a `lookup` (fetch does not); resolves with the
 * status, the answer's body dropped so the connection is freed.
 */
function postOnce(url: URL, options: { headers: Record<string, string>; body: string; lookup: LookupFunction; signal: AbortSignal }) {
  return new Promise<number>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'POST', headers: options.headers, lookup: options.lookup, signal: options.signal, agent: false },
      (res) => {
        res.on('error', () => {});
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * POSTs a webhook once: resolves with a 2xx status, throws WebhookPostError otherwise. A literal
 * private address is refused before connecting; a name is resolved once and every address it
 * resolves to checked, and the socket connects to a checked one (DNS cannot switch it afterwards).
 * Redirects are not followed (a POST would become a GET elsewhere): the URL must answer itself.
 */
export async function postWebhook(post: WebhookPost): Promise<number> {
  const url = new URL(post.url);
  const literal = post.allowPrivate ? undefined : privateHostKind(url.hostname);
  if (literal) throw new WebhookPostError(`refused: ${url.hostname} is ${kindPhrase(literal)}`, null, true);
  const timeout = AbortSignal.timeout(post.timeoutMs);
  try {
    const status = await postOnce(url, {
      headers: { 'Content-Length': String(Buffer.byteLength(post.body)), ...post.headers },
      body: post.body,
      lookup: publicOnlyLookup({ allowPrivate: post.allowPrivate, ...(post.resolve && { resolve: post.resolve }) }),
      signal: post.signal ? AbortSignal.any([post.signal, timeout]) : timeout,
    });
    if (status < 200 || status > 299) throw new WebhookPostError(`answered HTTP ${status}`, status);
    return status;
  } catch (err) {
    if (err instanceof WebhookPostError) throw err;
    if (err instanceof PrivateAddressError) throw new WebhookPostError(`refused: ${err.message}`, null, true);
    throw new WebhookPostError(
      timeout.aborted ? `no answer within ${post.timeoutMs / 1000} s` : `request failed: ${(err as Error).message}`,
      null,
    );
  }
}
