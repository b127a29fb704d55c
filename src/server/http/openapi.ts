import { readFile } from 'node:fs/promises';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * 'Try it out' with an API key from a signed-in browser: the key alone is sent (the server refuses
 * a key beside the session cookie). Serialised into the docs page as source, so plain JavaScript.
 */
function omitCookiesWithKey(request: { headers: Record<string, string>; credentials?: string }) {
  if (request.headers['Authorization'] || request.headers['authorization']) request.credentials = 'omit';
  return request;
}

const SHORT_DESCRIPTION =
  'The HTTP API behind Klipt. Call it from your code with an API key (Authorize → apiKey), or from the browser with a session. ' +
  'Errors always have the shape { "error": { "code", "message" } }. Credit-spending POSTs take an Idempotency-Key header.';

/**
 * The quickstart (docs/api.md) heads the docs page, which renders it as Markdown: developers read
 * the guide and try the calls in one place, and the guide has one source.
 */
async function quickstart(): Promise<string> {
  try {
    const text = await readFile(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    // The page's title is the document's; the guide starts below it.
    return `${SHORT_DESCRIPTION}\n\n${text.replace(/^# .*\n/, '')}`;
  } catch {
    return SHORT_DESCRIPTION;
  }
}

/** OpenAPI generated from the route contracts: JSON at /api/openapi.json, a browsable page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Klipt API',
        description: await quickstart(),
        version: '1.0.0',
      },
      servers: [{ url: options.appUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'klipt.session_token',
            description: 'The httpOnly session cookie set at sign-in.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'klipt_sk_…',
            description:
              "A workspace's API key (Scale plan): `Authorization: Bearer klipt_sk_…`. Each operation names the scope it needs; see docs/api.md.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Nothing on this page may reach outside the app (no validator badge, no upgrades on http).
    transformStaticCSP: (header) =>
      header
        .replace(' validator.swagger.io', '')
        .replace(/ upgrade-insecure-requests;/, '')
        .replace(/font-src 'self' https: data:/, "font-src 'self' data:")
        // Swagger UI sets style attributes from script; the page has no user content to protect.
        .replace(/style-src 'self' https:[^;]*;/, "style-src 'self' 'unsafe-inline';"),
    uiConfig: {
      validatorUrl: null,
      deepLinking: true,
      docExpansion: 'list',
      persistAuthorization: false,
      requestInterceptor: omitCookiesWithKey,
    } as Record<string, unknown>,
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
