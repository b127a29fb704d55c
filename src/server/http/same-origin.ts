import type { FastifyInstance } from 'fastify';
import { genericMessages } from '../../contracts/errors.ts';
import { errorBody } from './error-handler.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: a state-changing API request that a browser sends from another
 * site is refused. Browsers mark every such request with Origin and Sec-Fetch-Site.
 * Server-to-server callers (webhooks, scripts) send neither and are judged by their own checks.
 */
export function registerSameOriginGuard(app: FastifyInstance, options: { appUrl: string; exemptPrefixes?: string[] }): void {
  const allowed = new URL(options.appUrl).origin;
  const exempt = options.exemptPrefixes ?? [];
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    if (exempt.some((p) => req.url.startsWith(p))) return;
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    const foreignOrigin = origin !== undefined && origin !== allowed && origin !== ownOrigin(req.protocol, req.host);
    if (foreignOrigin || fetchSite === 'cross-site') {
      await reply.code(403).send(errorBody('FORBIDDEN', genericMessages.crossOrigin));
    }
  });
}

function ownOrigin(protocol: string, host: string | undefined): string | undefined {
  return host ? `${protocol}://${host}` : undefined;
}
