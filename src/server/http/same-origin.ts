import type { FastifyInstance } from 'fastify';
import { genericMessages } from '#contracts/errors.ts';
import { hasSessionCookie } from './api-key-access.ts';
import { errorBody } from './error-handler.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: every state-changing request a browser sends from another
 * site is refused, whatever its path (so no spelling of a path can walk around it), before any
 * route runs. Browsers mark such requests with Origin and Sec-Fetch-Site; the Origin must be
 * APP_URL's, never judged against the request's own Host header (which the sender chooses).
 * Server-to-server callers (webhooks, scripts) send neither and are judged by their own checks
 * (docs/operations.md#http-limits-and-headers).
 */
export function registerSameOriginGuard(app: FastifyInstance, options: { appUrl: string }): void {
  const allowed = new URL(options.appUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    // An API key request carries no cookie (the router refuses one with both): a browser cannot
    // forge its Authorization header across sites without CORS, which Klipt does not grant.
    if (req.headers.authorization !== undefined && !hasSessionCookie(req)) return;
    const origin = req.headers.origin;
    if ((origin !== undefined && origin !== allowed) || req.headers['sec-fetch-site'] === 'cross-site') {
      await reply.code(403).send(errorBody('FORBIDDEN', genericMessages.crossOrigin));
    }
  });
}
