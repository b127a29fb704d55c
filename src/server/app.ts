import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerMediaFiles } from './http/media-files.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSameOriginGuard } from './http/same-origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerWaitlistRoutes } from './modules/waitlist/routes.ts';
import { registerAccountRoutes } from './modules/account/routes.ts';
import { registerAdminRoutes } from './modules/admin/routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerProfileRoutes } from './modules/profiles/routes.ts';
import { registerSettingsRoutes } from './modules/settings/routes.ts';
import { registerCreditRoutes } from './modules/credits/routes.ts';
import { registerGenerationRoutes } from './modules/generation/routes.ts';
import { registerInspirationRoutes } from './modules/inspirations/routes.ts';
import { registerKlipDownloadRoutes } from './modules/klips/download-routes.ts';
import { registerModelRoutes } from './modules/models/routes.ts';
import { registerPromptRoutes } from './modules/prompts/routes.ts';
import { registerUploadRoutes } from './modules/uploads/routes.ts';
import { createServices, type AppDeps, type Services } from './services.ts';
import { paths } from '../contracts/paths.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface App {
  server: FastifyInstance;
  services: Services;
}

/** The HTTP application. main.ts passes the real dependencies; tests pass their own and use inject(). */
export async function buildApp(deps: AppDeps, services: Services = createServices(deps)): Promise<App> {
  const { config } = deps;
  const server = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const https = config.appUrl.startsWith('https://');
  registerErrorHandler(server);
  await registerSecurityHeaders(server, { https });
  await server.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerSameOriginGuard(server, { appUrl: config.appUrl });
  await registerOpenApi(server, { appUrl: config.appUrl });

  // Uploads are read one file at a time by the routes that accept them, each with its own limit.
  await server.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 22 } });

  const { auth, guard, rateLimiter } = services;
  registerHealthRoutes(server, { ping: () => deps.database.ping() });
  registerSettingsRoutes(server, config);
  registerWaitlistRoutes(server, { waitlist: services.waitlist, rateLimiter });
  registerAuthRoutes(server, { auth, appUrl: config.appUrl, rateLimiter });
  registerAccountRoutes(server, { account: services.account, guard, auth, rateLimiter });
  registerProfileRoutes(server, { profiles: services.profiles, guard });
  registerAdminRoutes(server, { guard, db: deps.database.db, onUserReady: (user) => services.account.setUp(user) });
  registerCreditRoutes(server, { db: deps.database.db, guard });
  registerUploadRoutes(server, { uploads: services.uploads, guard, rateLimiter });
  registerModelRoutes(server, { models: services.models, guard });
  registerInspirationRoutes(server, { db: deps.database.db, storage: deps.storage, guard });
  registerPromptRoutes(server, { prompts: services.prompts, guard, rateLimiter });
  registerGenerationRoutes(server, { generation: services.generation, events: services.generationEvents, guard, rateLimiter });
  registerKlipDownloadRoutes(server, { db: deps.database.db, storage: deps.storage, guard });

  if (deps.storage.localRoot) {
    mkdirSync(deps.storage.localRoot, { recursive: true });
    await registerMediaFiles(server, { root: deps.storage.localRoot });
  }
  await registerWebApp(server, {
    distDir: config.webDistDir,
    landingRedirect: async (req, reply) => {
      const session = await guard.load(req, reply).catch(() => null);
      if (!session) return undefined;
      return session.user.emailVerified ? paths.dashboard : paths.verifyEmail;
    },
  });

  await server.ready();
  return { server, services };
}
