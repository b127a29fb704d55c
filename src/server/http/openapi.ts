import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route contracts: JSON at /api/openapi.json, a browsable page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Klipt API',
        description: 'The HTTP API behind Klipt. Errors always have the shape { "error": { "code", "message" } }.',
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
    uiConfig: { validatorUrl: null, deepLinking: true, docExpansion: 'list' } as Record<string, unknown>,
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
