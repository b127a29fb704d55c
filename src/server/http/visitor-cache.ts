import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a visitor's answer of a `visitorCache` contract may be reused by any cache, browser or
 * shared, without asking again. It is also the bound on how long a klip made private (or deleted)
 * can still be read from a cache through the API (docs/operations.md#caching-public-pages): no
 * stale-while-revalidate, and shared caches pass their copy's age on (`Age`), so a browser's copy
 * from a shared cache expires at the same moment.
 */
export const VISITOR_CACHE_SECONDS = 60;

export const VISITOR_CACHE_CONTROL = `public, max-age=${VISITOR_CACHE_SECONDS}`;

/** What a visitor's answer depends on besides the URL: whether a session or a key comes with it. */
export const VISITOR_CACHE_VARY = 'Cookie, Authorization';

/**
 * A validator of exactly these bytes. Weak, because compression sends other bytes for the same
 * answer; a hash of the serialized body (not of row ids and times) because a card shows more than
 * any one row's timestamps say (votes removed, a creator's new name, tags).
 */
export function weakEtag(body: string | Buffer): string {
  return `W/"${hash('sha256', body, 'base64url').slice(0, 32)}"`;
}

/** An entity tag without its weakness mark, for weak comparison. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether the request's If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Sends a JSON answer that is the same for every visitor: with an ETag and a public lifetime, or
 * 304 without a body when the caller already holds it. Anyone else's answer (`shared` false: a
 * session, an API key) keeps the default no-store; every answer varies on Cookie and
 * Authorization, so no cache hands a visitor's copy to a signed-in user or the reverse.
 */
export function sendVisitorCacheable(req: FastifyRequest, reply: FastifyReply, serialized: string, shared: boolean): FastifyReply {
  reply.header('Vary', VISITOR_CACHE_VARY).type('application/json; charset=utf-8');
  // A refreshed or cleared session cookie belongs to one browser: never in a shared cache.
  if (!shared || reply.hasHeader('set-cookie')) return reply.send(serialized);
  const etag = weakEtag(serialized);
  reply.header('Cache-Control', VISITOR_CACHE_CONTROL).header('ETag', etag);
  if (matchesIfNoneMatch(req, etag)) return reply.code(304).send();
  return reply.send(serialized);
}
