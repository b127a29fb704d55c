import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Files of the local storage folder under /files/. Every key holds a random id and is never
 * rewritten in place, so a year of caching is safe; range requests let videos seek.
 */
export async function registerMediaFiles(app: FastifyInstance, options: { root: string }): Promise<void> {
  await app.register(fastifyStatic, {
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
}
