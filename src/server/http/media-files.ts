import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import { genericMessages } from '../../contracts/errors.ts';
import { errorBody } from './error-handler.ts';

/**
 * Files of the local storage folder under /files/. Every key holds a random id and is never
 * rewritten in place, so a year of caching is safe; range requests let videos seek.
 *
 * Refusals keep the API's rules (docs/operations.md#upload-limits-and-answers): a path the folder
 * will not serve (a dot-file, a folder, a NUL byte) is "not found" like a missing file, with
 * NOT_FOUND; a range past the end is a bare 416 with `Content-Range: bytes *\/size` and a failed
 * precondition a bare 412 (no error code names those statuses); anything else goes to the one
 * error handler, whose code matches its status.
 */
export async function registerMediaFiles(app: FastifyInstance, options: { root: string }): Promise<void> {
  await app.register(async (files) => {
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
      setHeaders(res) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
        res.header('X-Content-Type-Options', 'nosniff');
      },
    } as Parameters<typeof fastifyStatic>[1]);
  });
}
