import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import type { Contract } from '#contracts/contract.ts';
import { paths } from '#contracts/paths.ts';
import type { Config } from './config.ts';
import { limitConnectionsPerAddress } from './http/connection-limit.ts';
import { handleError, registerErrorHandler } from './http/error-handler.ts';
import { registerMediaFiles, type FileAccess } from './http/media-files.ts';
import { registerOpenApi } from './http/openapi.ts';
import { createPagePrerender, isPrerenderedPage } from './http/page-prerender.ts';
import { registerDotSegmentGuard } from './http/request-path.ts';
import { createRouter, DEFAULT_BODY_LIMIT, type ApiAccess, type Router, type SessionReader } from './http/router.ts';
import { registerSameOriginGuard } from './http/same-origin.ts';
import { DEFAULT_CACHE_CONTROL, registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import type { Logger } from './lib/logger.ts';
import { parseQueryString } from './lib/query-string.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface App {
  server: FastifyInstance;
  /** Every endpoint the API serves, as registered from its contract. */
  contracts: readonly Contract[];
}

export interface AppOptions {
  config: Config;
  logger: Logger;
  sessions: SessionReader;
  /** Bearer API keys and idempotent paid requests (docs/api.md). */
  api?: ApiAccess;
  /** The local storage folder served under /files, when files are stored locally. */
  mediaRoot?: string | undefined;
  /** Who may load a file under /files, by its storage key and the URL's signature. */
  fileAccess?: (key: string, signature: { expires?: string; signature?: string }) => Promise<FileAccess>;
  /** A page's own head elements (a shared klip's link-preview tags), if it has any. */
  pageHead?: (path: string) => Promise<string | undefined>;
  /** Adds the API's routes (the runtime wires each module's routes to its services). */
  registerRoutes: (router: Router) => void;
}

/** The HTTP shell: cross-cutting plumbing around the routes the runtime registers. Built only by the runtime. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, sessions } = options;
  const applySecurityHeaders = securityHeaders({ https: config.appUrl.startsWith('https://') });
  const { http } = config;
  const server = Fastify({
    loggerInstance: options.logger,
    trustProxy: config.trustProxy,
    // Slow clients (docs/operations.md#slow-and-greedy-clients): headers and whole requests must
    // arrive in time; Node checks every quarter of the shorter limit (its default, 30 s, would let
    // a 20 s limit run to 50 s). Fastify sets the request and keep-alive timeouts itself.
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.min(http.headersTimeoutMs, http.requestTimeoutMs) / 4)),
    },
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    // Routes of the router set their own limit (DEFAULT_BODY_LIMIT unless a contract needs more);
    // this one holds for the rest (the emailed links of the auth bridge, the web app).
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Bytes of a query string that are not UTF-8 reach validation as lone surrogates, refused there (docs/operations.md#text-input).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQueryString },
    // The router's own refusals (a malformed percent-encoding, a path parameter over
    // maxParamLength) come before any hook: they get the headers here, then the one error handler.
    frameworkErrors: (err, req, reply) => {
      applySecurityHeaders(req.raw, reply.raw);
      reply.header('x-request-id', req.id).header('Cache-Control', DEFAULT_CACHE_CONTROL);
      void handleError(err, req, reply);
    },
  });
  limitConnectionsPerAddress(server.server, { max: http.maxConnectionsPerAddress, logger: options.logger });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerErrorHandler(server);
  registerSecurityHeaders(server, applySecurityHeaders);
  // Brotli at @fastify/compress's quality 4, with a 256 KB window instead of 4 MB: responses are far
  // smaller than that, and each stream being compressed holds its window (docs/operations.md#memory).
  await server.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  // Both answer before any route runs, whatever path the router chose.
  registerDotSegmentGuard(server);
  registerSameOriginGuard(server, { appUrl: config.appUrl });
  await registerOpenApi(server, { appUrl: config.appUrl });

  // Uploads are read one file at a time by the routes that accept them, each with its own limit.
  await server.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 22 } });

  const router = createRouter(server, sessions, options.api);
  options.registerRoutes(router);

  if (options.mediaRoot) {
    mkdirSync(options.mediaRoot, { recursive: true });
    await registerMediaFiles(server, { root: options.mediaRoot, ...(options.fileAccess && { access: options.fileAccess }) });
  }
  const prerenderPage = createPagePrerender({
    distDir: config.webDistDir,
    // The visitor's answer: no cookie, no key.
    get: async (url) => {
      const res = await server.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : undefined };
    },
    onError: (error) => options.logger.warn({ err: error }, 'prerendering a page failed; the app draws it'),
  });
  await registerWebApp(server, {
    distDir: config.webDistDir,
    // A signed-in visitor of `/` belongs on their dashboard (or the verify page), not the landing page.
    landingRedirect: async (req, reply) => {
      const session = await sessions.load(req, reply).catch(() => null);
      if (!session) return undefined;
      return session.user.emailVerified ? paths.dashboard : paths.verifyEmail;
    },
    ...(options.pageHead && { pageHead: options.pageHead }),
    // Visitors get the public pages drawn; a signed-in reader's own view (votes, owner's buttons, the app's header) is the app's.
    // Only the pages drawn on the server ask who is reading: every other page is index.html whoever asks.
    prerender: async (req, reply) =>
      !isPrerenderedPage(req.url) || (await sessions.load(req, reply).catch(() => null)) ? undefined : prerenderPage(req.url),
  });

  await server.ready();
  return { server, contracts: router.contracts };
}
