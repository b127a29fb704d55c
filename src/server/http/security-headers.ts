import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Browser features Klipt never uses, switched off for the page and everything it embeds
 * (docs/operations.md#http-limits-and-headers). Only features Chromium knows: an unknown name
 * ('bluetooth', 'interest-cohort') is a console warning on every page. The app writes to the
 * clipboard (copy buttons) and plays video, which the default policy (this origin) allows.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'display-capture=()',
  'encrypted-media=()',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'identity-credentials-get=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'otp-credentials=()',
  'payment=()',
  'publickey-credentials-create=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'window-management=()',
  'xr-spatial-tracking=()',
].join(', ');

/** What a response that chose no caching of its own is sent with: nothing personal is ever stored by a browser or proxy. */
export const DEFAULT_CACHE_CONTROL = 'no-store';

export type SecurityHeaders = (req: IncomingMessage, res: ServerResponse) => void;

/** The Content-Security-Policy the built web app runs under, the usual hardening headers and the Permissions-Policy. */
export function securityHeaders(options: { https: boolean }): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Radix and focus managers inject small <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (req, res) => {
    middleware(req, res, (err?: unknown) => {
      if (err) throw err;
    });
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  };
}

/**
 * Every response Fastify routes gets the security headers (set on the raw response first, so
 * streams that write their own head keep them) and, unless it chose its own caching, no-store.
 * Answers given before routing (a malformed address) apply the same `apply` themselves.
 */
export function registerSecurityHeaders(app: FastifyInstance, apply: SecurityHeaders): void {
  app.addHook('onRequest', async (req, reply) => {
    apply(req.raw, reply.raw);
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', DEFAULT_CACHE_CONTROL);
    return payload;
  });
}
