import type { FastifyInstance } from 'fastify';
import { genericMessages } from '#contracts/errors.ts';
import { errorBody } from './error-handler.ts';

/** Decodes every %XX escape it can, leaving malformed ones as they are (never throws). */
function decodeEscapes(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** No address Klipt makes is encoded more than twice; one that still decodes after this many rounds is refused too. */
const MAX_DECODING_ROUNDS = 4;

/**
 * True when the path of a request target holds a dot-segment (`.` or `..`) in any spelling: raw,
 * percent-encoded in either case, encoded several times over (`%252e`), or split by an encoded
 * slash or a backslash (which URL parsers treat as a slash); also when the path is encoded more
 * often than any address Klipt makes. The query string is not looked at.
 */
export function hasDotSegment(target: string): boolean {
  const queryAt = target.indexOf('?');
  let path = queryAt === -1 ? target : target.slice(0, queryAt);
  for (let round = 0; round <= MAX_DECODING_ROUNDS; round++) {
    if (path.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) return true;
    const decoded = decodeEscapes(path);
    if (decoded === path) return false;
    path = decoded;
  }
  return true;
}

/**
 * A normalised path never holds a dot-segment, so a request whose path does is not for anything
 * Klipt serves: it is answered 404 before any route runs (no access check, no body, no handler),
 * however the router or a library behind it would have resolved it
 * (docs/operations.md#http-limits-and-headers).
 */
export function registerDotSegmentGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (hasDotSegment(req.raw.url ?? '/')) await reply.code(404).send(errorBody('NOT_FOUND', genericMessages.notFound));
  });
}
