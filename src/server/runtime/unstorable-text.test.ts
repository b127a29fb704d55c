import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { fieldMessages } from '#contracts/fields.ts';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../db/schema/index.ts';
import { makeSuperAdmin } from '../modules/admin/bootstrap.ts';
import { personalWorkspaceId } from '../modules/workspaces/personal-repo.ts';

// postgres-pass: same

/**
 * Every text field of every body and every query and path parameter in the OpenAPI document gets
 * what PostgreSQL cannot store (NUL, a lone surrogate, invalid UTF-8) from a signed-in, verified
 * caller (a super admin on admin routes), in an otherwise valid request: the answer is a 4xx, never
 * a 500 (docs/operations.md#text-input). A new route is covered the day it is added.
 */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}
interface Parameter {
  in: 'query' | 'path';
  name: string;
  schema: JsonSchema;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  description?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

let ctx: TestContext;
let user: string;
let admin: string;
let document: OpenApiDocument;
let standardModelId: string;
/** The writer's personal workspace: routes under /{workspaceId} read their input only for members. */
let writerWorkspaceId: string;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
  user = await verifiedUser(ctx, 'writer@example.com');
  const [writer] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'writer@example.com'));
  writerWorkspaceId = await personalWorkspaceId(ctx.database.db, writer!.id);
  // On Scale, so team routes (inviting) and API access routes (webhooks) read their input instead of answering PLAN_REQUIRED.
  await ctx.database.db.insert(subscriptions).values({
    id: 'sub_writer',
    userId: writer!.id,
    workspaceId: writerWorkspaceId,
    customerId: 'cus_writer',
    planId: 'scale',
    status: 'active',
  });
  await makeSuperAdmin(ctx.database.db, 'root@example.com', 'admin password', (u) => ctx.services.account.setUp(u));
  admin = (await signIn(ctx, 'root@example.com', 'admin password')).cookie;
  document = (await ctx.app.server.inject('/api/openapi.json')).json<OpenApiDocument>();
  const models = await ctx.app.server.inject({ url: '/api/models/standard', headers: { cookie: user } });
  standardModelId = models.json<{ models: Array<{ id: string }> }>().models[0]!.id;
});
afterAll(async () => {
  await ctx.close();
});

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!) : schema;
/** The non-null side of `string | null`. */
const nonNull = (schema: JsonSchema): JsonSchema => resolve(schema.anyOf?.find((s) => s.type !== 'null') ?? schema);
const isString = (schema: JsonSchema) => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
/** Text the contract lets users type (made with text(), which always has a limit), not an enum, uuid or choice. */
const isFreeText = (schema: JsonSchema) => isString(schema) && schema.maxLength !== undefined && !schema.enum && !schema.format;

let emails = 0;
/** A valid value for a field, so that the only thing wrong with a request is the value under test. */
function validValue(name: string, schema: JsonSchema): unknown {
  const s = nonNull(schema);
  if (s.enum) return s.enum[0];
  if (name === 'workspaceId') return writerWorkspaceId;
  if (s.format === 'uuid') return name === 'modelId' ? standardModelId : randomUUID();
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 0;
  if (s.type === 'boolean') return true;
  // A list of choices (a webhook endpoint's events): one valid item.
  if (s.type === 'array' && s.items) return [validValue(name, s.items)];
  if (/email/i.test(name)) return `text-${(emails += 1)}@example.com`;
  if (/password/i.test(name)) return 'long enough password';
  if (/url$/i.test(name)) return 'https://example.com/me';
  // Store connections: a shop's myshopify.com domain and an Admin API token have shapes of their own.
  if (name === 'shopDomain') return 'plain-text.myshopify.com';
  if (name === 'accessToken') return 'shpat_plaintext';
  if (s.pattern) return 'plain-text';
  return 'plain text';
}

interface Operation {
  method: string;
  path: string;
  operation: OpenApiOperation;
  cookie: string;
}

function operations(): Operation[] {
  const all: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      // Signing out would end the caller's session; it takes no input.
      if (path === '/api/auth/sign-out') continue;
      const cookie = operation.description?.startsWith('Access: super admins') ? admin : user;
      all.push({ method: method.toUpperCase(), path, operation, cookie });
    }
  }
  return all;
}

/** The path with each parameter filled in (a valid one unless `override` names it). */
function urlOf(op: Operation, override?: { name: string; encoded: string }): string {
  const params = op.operation.parameters ?? [];
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    override?.name === name ? override.encoded : encodeURIComponent(String(validValue(name, params.find((p) => p.name === name)!.schema))),
  );
  const query = params.filter((p) => p.in === 'query' && override?.name === p.name);
  return query.length > 0 ? `${path}?${query.map((p) => `${p.name}=${override!.encoded}`).join('&')}` : path;
}

/** What a JSON body can carry that PostgreSQL cannot store; JSON.stringify writes "\u0000" and "\ud800" as escapes. */
const unstorable = ['\u0000', 'plain\u0000text', '\ud800', 'plain\udfff text', '\u0007bell'];
/** The same in a URL: %00, an encoded surrogate (invalid UTF-8), an overlong NUL, a stray byte. */
const unstorableEncoded = ['%00', 'plain%00text', '%ED%A0%80', 'plain%ED%B0%80', '%C0%80', '%FF', '%01'];

describe('text that PostgreSQL cannot store', () => {
  it('is refused with a 4xx in every text field of every JSON body', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const op of operations()) {
      const bodySchema = op.operation.requestBody?.content['application/json']?.schema;
      if (!bodySchema) continue;
      const body = resolve(bodySchema);
      const properties = body.properties ?? {};
      for (const [field, schema] of Object.entries(properties)) {
        if (!isString(nonNull(schema))) continue;
        for (const bad of unstorable) {
          const payload: Record<string, unknown> = {};
          for (const [name, s] of Object.entries(properties)) if (body.required?.includes(name)) payload[name] = validValue(name, s);
          payload[field] = bad;
          // A password is asked twice; both copies carry the value, so the pair itself is not what fails.
          if (/password/i.test(field) && 'confirmPassword' in properties) payload['confirmPassword'] = bad;
          const res = await ctx.app.server.inject({
            method: op.method as 'POST',
            url: urlOf(op),
            headers: { ...SAME_ORIGIN, cookie: op.cookie, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          tried += 1;
          const what = `${op.method} ${op.path} ${field}=${JSON.stringify(bad)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode < 400 || res.statusCode >= 500) failures.push(what);
          else if (
            isFreeText(nonNull(schema)) &&
            res.json<{ error: { message: string } }>().error.message !== fieldMessages.invalidCharacters
          ) {
            failures.push(`${what} (expected the invalid-characters message)`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('is refused with a 4xx in every query and path parameter', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const op of operations()) {
      for (const parameter of op.operation.parameters ?? []) {
        for (const encoded of unstorableEncoded) {
          const url = urlOf(op, { name: parameter.name, encoded });
          const res = await ctx.app.server.inject({ method: op.method as 'GET', url, headers: { ...SAME_ORIGIN, cookie: op.cookie } });
          tried += 1;
          if (res.statusCode < 400 || res.statusCode >= 500)
            failures.push(`${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('stores nothing and does not charge for a refused generation', async () => {
    const before = (await ctx.app.server.inject({ url: '/api/credits/balance', headers: { cookie: user } })).json<{ credits: number }>();
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...SAME_ORIGIN, cookie: user },
      payload: { modelType: 'standard', modelId: standardModelId, prompt: 'a mug\u0000 on a table' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: fieldMessages.invalidCharacters } });
    const after = (await ctx.app.server.inject({ url: '/api/credits/balance', headers: { cookie: user } })).json<{ credits: number }>();
    expect(after.credits).toBe(before.credits);
  });
});
