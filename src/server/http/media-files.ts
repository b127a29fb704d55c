import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { genericMessages } from '#contracts/errors.ts';
import { isValidKey } from '../providers/storage/storage.ts';
import { errorBody } from './error-handler.ts';

/**
 * How a stored file is served: `immutable` (a year in any cache: keys hold a random id and are
 * never rewritten), `public` (an hour: the file may become private), `signed` (a signed URL's
 * holder, kept in the browser's own cache until the signature expires), or refused: `hidden`
 * ("not found", exactly as a missing file), `expired` / `invalid` signatures (403).
 */
export type FileAccess =
  { serve: 'immutable' | 'public' } | { serve: 'signed'; maxAgeSeconds: number } | { refuse: 'hidden' | 'expired' | 'invalid' };

function cacheControl(access: Extract<FileAccess, { serve: string }>): string {
  if (access.serve === 'signed') return `private, max-age=${access.maxAgeSeconds}`;
  return access.serve === 'immutable' ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

export interface MediaFilesOptions {
  root: string;
  /** Decides each file by its storage key and the URL's signature; without it every file is `immutable`. */
  access?: (key: string, signature: { expires?: string; signature?: string }) => Promise<FileAccess>;
}

/**
 * Files of the local storage folder under /files/, each served as `options.access` decides
 * (docs/operations.md#media-files); range requests let videos seek.
 *
 * Refusals keep the API's rules (docs/operations.md#upload-limits-and-answers): a path the folder
 * will not serve (a dot-file, a folder, a NUL byte) is "not found" like a missing file, with
 * NOT_FOUND; a range past the end is a bare 416 with `Content-Range: bytes *\/size` and a failed
 * precondition a bare 412 (no error code names those statuses); anything else goes to the one
 * error handler, whose code matches its status.
 */
export async function registerMediaFiles(app: FastifyInstance, options: MediaFilesOptions): Promise<void> {
  const decided = new WeakMap<FastifyRequest, string>();
  await app.register(async (files) => {
    files.addHook('preHandler', async (req, reply) => {
      const key = storageKey(req.url);
      // No server-made key has a dot-segment, a NUL byte or a folder's trailing slash: not found, without a look-up.
      const access: FileAccess =
        key === undefined ? { refuse: 'hidden' } : options.access ? await options.access(key, signatureOf(req)) : { serve: 'immutable' };
      if ('refuse' in access) {
        if (access.refuse === 'hidden') return reply.code(404).send(errorBody('NOT_FOUND', genericMessages.notFound));
        const message = access.refuse === 'expired' ? genericMessages.fileLinkExpired : genericMessages.fileLinkInvalid;
        return reply.code(403).header('Cache-Control', 'no-store').send(errorBody('FORBIDDEN', message));
      }
      decided.set(req, cacheControl(access));
      return undefined;
    });
    files.setErrorHandler((err: FastifyError & { headers?: Record<string, string> }, _req, reply) => {
      const status = err.statusCode ?? 500;
      if (status === 403 || status === 404) return reply.code(404).send(errorBody('NOT_FOUND', genericMessages.notFound));
      if (status === 412 || status === 416) {
        const range = err.headers?.['Content-Range'];
        if (range) reply.header('Content-Range', range);
        return reply.code(status).send();
      }
      throw err;
    });
    await files.register(fastifyStatic, {
      root: options.root,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      serveDotFiles: false,
      acceptRanges: true,
      cacheControl: false,
      setHeaders(reply: FastifyReply) {
        reply.header('Cache-Control', decided.get(reply.request) ?? 'private, no-store');
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    } as Parameters<typeof fastifyStatic>[1]);
  });
}

/** The signature parameters of a /files/ URL (the first of each, as strings). */
function signatureOf(req: FastifyRequest): { expires?: string; signature?: string } {
  const query = req.query as Record<string, unknown>;
  const first = (value: unknown): string | undefined =>
    Array.isArray(value) ? first(value[0]) : typeof value === 'string' ? value : undefined;
  const expires = first(query['expires']);
  const signature = first(query['signature']);
  return { ...(expires !== undefined && { expires }), ...(signature !== undefined && { signature }) };
}

/** The storage key a /files/ URL names, undefined when it names none the server could have made. */
function storageKey(url: string): string | undefined {
  try {
    const key = decodeURIComponent(url.split('?')[0]!.slice('/files/'.length));
    return isValidKey(key) ? key : undefined;
  } catch {
    return undefined;
  }
}
