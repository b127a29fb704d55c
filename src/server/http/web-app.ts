import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { genericMessages } from '#contracts/errors.ts';
import { errorBody } from './error-handler.ts';
import { matchesIfNoneMatch, weakEtag } from './visitor-cache.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html revalidated on every
 * use (no-cache with an ETag, so a deploy shows at once and an unchanged page costs a 304), `/`
 * answered with the prerendered landing page (landing.html), and every other GET that is not an API or file path answered with index.html so deep links work.
 * Unknown /api/* and /files/* paths stay JSON 404s.
 */
export interface WebAppOptions {
  distDir: string;
  /** Where a signed-in visitor of `/` belongs instead of the landing page (docs/product-rules.md#screens-and-access), if anywhere. */
  landingRedirect?: (req: FastifyRequest, reply: FastifyReply) => Promise<string | undefined>;
  /**
   * Head elements of one page (a shared klip's Open Graph tags), which replace index.html's
   * `<title>` and description; undefined serves index.html as it is.
   */
  pageHead?: (path: string) => Promise<string | undefined>;
  /** A page's whole HTML drawn on the server (a share page, the collections: page-prerender.ts), or undefined to send index.html. */
  prerender?: (req: FastifyRequest, reply: FastifyReply) => Promise<string | undefined>;
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const root = path.resolve(options.distDir);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = existsSync(indexFile);
  const hasLanding = existsSync(path.join(root, 'landing.html'));

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
        res.header('Cache-Control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }

  const pages = new Map<string, { html: Buffer; etag: string }>();
  const readPage = async (file: string) => {
    let page = pages.get(file);
    if (!page) {
      const html = await readFile(path.join(root, file));
      page = { html, etag: weakEtag(html) };
      pages.set(file, page);
    }
    return page;
  };
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, file: string, head?: string, prerendered?: string) => {
    const page = prerendered === undefined ? await readPage(file) : { html: Buffer.from(prerendered), etag: undefined };
    const body = head === undefined ? page.html : withHead(page.html.toString('utf8'), head);
    const etag = head === undefined && page.etag ? page.etag : weakEtag(body);
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (matchesIfNoneMatch(req, etag)) return reply.code(304).send();
    return reply.code(200).type('text/html; charset=utf-8').send(body);
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // Client routes never end in a file extension; a missing asset must stay a 404, not HTML.
    const lastSegment = url.slice(url.lastIndexOf('/') + 1);
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api|files|assets)(\/|$)/.test(url) && !/\.[a-z0-9]{1,5}$/i.test(lastSegment);
    if (isPage && hasBuild) {
      if (url === '/' && options.landingRedirect) {
        const target = await options.landingRedirect(req, reply);
        if (target) return reply.header('Cache-Control', 'no-store').redirect(target, 302);
      }
      // The landing page comes prerendered (scripts/prerender-landing.ts); every other page is drawn by the app.
      const file = url === '/' && hasLanding ? 'landing.html' : 'index.html';
      const [head, prerendered] = await Promise.all([options.pageHead?.(url), options.prerender?.(req, reply)]);
      return sendIndex(req, reply, file, head, prerendered);
    }
    if (isPage && !hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run "npm start" (it builds what is missing) or "npm run build".');
    }
    // Never echo the request path back.
    return reply.code(404).send(errorBody('NOT_FOUND', genericMessages.notFound));
  });
}

/** index.html with its title and description replaced by a page's own head elements. */
function withHead(html: string, head: string): string {
  const stripped = html.replace(/\s*<title>[\s\S]*?<\/title>/i, '').replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  return stripped.replace(/<\/head>/i, () => `    ${head}\n  </head>`);
}
