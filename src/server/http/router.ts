import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions as FastifyRouteOptions } from 'fastify';
import type { z } from 'zod';
import type { AccessLevel, Contract } from '#contracts/contract.ts';
import { entitlementFeatures, type EntitlementKey, type PlanOrNone } from '#contracts/entitlements.ts';
import { ErrorBody, genericMessages } from '#contracts/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { apiKeyMessages } from '#contracts/api-keys.ts';
import { decideAccess, decideEntitlement, decideMembership } from './access.ts';
import { bearerSecret, decideKeyScope, hasSessionCookie, type ApiKeyAccess } from './api-key-access.ts';
import type { AuthContext, SignedInUser } from './caller.ts';
import { idempotencyKey, requestHash, type IdempotencyStore } from './idempotency.ts';
import { clientIp } from './rate-limit.ts';
import { sendVisitorCacheable, VISITOR_CACHE_SECONDS } from './visitor-cache.ts';

/** Where the router reads who is calling (the auth module implements it). */
export interface SessionReader {
  /** The session of this request, or null; read at most once per request. */
  load(req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null>;
  /** The plan a workspace is on (for contracts that declare an `entitlement`). */
  planOf: (workspaceId: string) => Promise<PlanOrNone>;
}

type Out<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: Out<C['params']>;
  Querystring: Out<C['query']>;
  Body: Out<C['body']>;
}>;

/** The caller a handler runs for: a user on every route that is not public. */
export type CallerOf<C extends Contract> = C['auth'] extends 'public' ? null : SignedInUser;

/** What a handler receives: the validated input and the caller the contract's access level let in. */
export interface RouteCall<C extends Contract> {
  req: ContractRequest<C>;
  reply: FastifyReply;
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  user: CallerOf<C>;
  /** Whoever is signed in, if anyone: lets a public route treat signed-in callers differently. */
  viewer: () => Promise<SignedInUser | null>;
  /** The body's bytes as sent, on a contract with `rawBody` (empty when there was none). */
  rawBody: Buffer;
}

/** Returned by a handler that answered by itself (a file, an event stream). */
export const ANSWERED: unique symbol = Symbol('answered');

/**
 * The largest JSON body a route reads unless it sets its own `bodyLimit`: the biggest legitimate
 * body of any contract (a profile update at its field limits) is well below it
 * (docs/operations.md#http-limits-and-headers).
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface RouteOptions<C extends Contract> {
  /** A JSON body larger than DEFAULT_BODY_LIMIT, for a contract that needs one. */
  bodyLimit?: number;
  /** Streams must not be buffered by compression. */
  compress?: false;
  handler: (call: RouteCall<C>) => Promise<z.output<C['response']> | typeof ANSWERED>;
}

export interface Router {
  /** Registers a contract as a route: access first (before the body is read), then validation, then the handler. */
  add<C extends Contract>(contract: C, options: RouteOptions<C>): void;
  /** Every contract registered so far (the OpenAPI document and the route-access tests walk them). */
  readonly contracts: readonly Contract[];
  /** The Fastify instance, for what is not an endpoint of the API (the emailed links of the auth bridge). */
  readonly server: FastifyInstance;
}

const accessDescriptions: Record<AccessLevel, string> = {
  public: 'Access: anyone.',
  user: 'Access: signed-in users (also before the email is confirmed). 401 for visitors.',
  verified: 'Access: signed-in users with a confirmed email. 401 for visitors, 403 before the email is confirmed.',
  admin: 'Access: super admins. 401 for visitors, 403 for everyone else.',
};

function entitlementDescription(feature: EntitlementKey): string {
  return `Plan: ${entitlementFeatures[feature].label} (the current workspace's plan must include it; 403 PLAN_REQUIRED otherwise).`;
}

/**
 * Who may call, as OpenAPI says it: the session cookie, and a bearer key with its scope (3.1 lets
 * non-OAuth schemes list the roles they need). A public operation that takes keys may also be
 * called without any.
 */
function securityOf(contract: Contract): { security?: Record<string, string[]>[] } {
  const schemes: Record<string, string[]>[] = [];
  if (contract.auth !== 'public') schemes.push({ session: [] });
  if (contract.apiKey) schemes.push({ apiKey: [contract.apiKey] });
  if (contract.auth === 'public' && schemes.length > 0) schemes.push({});
  return schemes.length > 0 ? { security: schemes } : {};
}

/**
 * A stable name per operation for generated clients and the docs page's deep links: the method and
 * the path's words in camel case ('POST /api/workspaces/:workspaceId/api-keys' →
 * postWorkspacesWorkspaceIdApiKeys). Method and path are unique, so the names are.
 */
export function operationId(contract: Pick<Contract, 'method' | 'path'>): string {
  const words = contract.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [contract.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** Whether a request carries a body (Node reads `Content-Length: 0` and no length at all as none). */
function carriesBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * What a route reads is declared by its contract: JSON (`body`), a multipart upload (`consumes`)
 * or nothing. Any other body is refused with 415 before a byte of it is parsed.
 */
function checkBodyType(contract: Contract, req: FastifyRequest): void {
  if (!carriesBody(req)) return;
  const expected = contract.consumes ?? contract.rawBody ?? (contract.body ? 'application/json' : undefined);
  if (mediaType(req) !== expected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', genericMessages.unsupportedMediaType);
}

/** The public API's parts (docs/api.md): bearer keys and idempotent paid requests. */
export interface ApiAccess {
  keys: ApiKeyAccess;
  idempotency: IdempotencyStore;
}

/** A paid request with Idempotency-Key: the first answer is kept and replayed (docs/api.md#idempotency). */
async function idempotent(
  contract: Contract,
  call: RouteCall<Contract>,
  store: IdempotencyStore,
  key: string,
  run: () => Promise<unknown>,
): Promise<FastifyReply> {
  const workspaceId = call.user.workspace.id;
  const hash = requestHash(`${contract.method} ${contract.path}`, { params: call.params, query: call.query, body: call.body });
  const claimed = await store.claim(workspaceId, key, hash);
  const json = 'application/json; charset=utf-8';
  if (claimed !== 'claimed') return call.reply.code(claimed.status).header('Idempotent-Replayed', 'true').type(json).send(claimed.body);
  try {
    const body = await run();
    call.reply.code(contract.status);
    const serialized = call.reply.serialize(body) as string;
    await store.complete(workspaceId, key, { status: contract.status, body: serialized });
    return call.reply.type(json).send(serialized);
  } catch (err) {
    await store.release(workspaceId, key);
    throw err;
  }
}

export function createRouter(server: FastifyInstance, sessions: SessionReader, api?: ApiAccess): Router {
  const contracts: Contract[] = [];
  const callers = new WeakMap<FastifyRequest, SignedInUser | null>();
  /** A request's API key caller, also on public routes (where `user` stays null and `viewer()` answers it). */
  const keyCallers = new WeakMap<FastifyRequest, SignedInUser>();
  const viewer = async (req: FastifyRequest, reply: FastifyReply) => keyCallers.get(req) ?? (await sessions.load(req, reply))?.user ?? null;

  /** A bearer request: the key must work, the contract must take keys with a scope the key has, and the limits hold. */
  const keyCaller = async (contract: Contract, req: FastifyRequest, reply: FastifyReply, keys: ApiKeyAccess, secret: string) => {
    if (hasSessionCookie(req)) throw new AppError('BAD_REQUEST', apiKeyMessages.keyAndCookie);
    const key = await keys.authenticate(secret, clientIp(req));
    if (!key) throw new AppError('INVALID_API_KEY', apiKeyMessages.invalidKey);
    decideKeyScope(contract, key);
    await keys.countRequest(key, reply);
    if (contract.idempotent && contract.apiKey === 'generate') await keys.checkRunning(key);
    keyCallers.set(req, key.user);
    return key.user;
  };

  return {
    contracts,
    server,
    add(contract, options) {
      contracts.push(contract);
      const response: Record<number, z.ZodType> = { [contract.status]: contract.response };
      for (const status of contract.errors ?? []) response[status] = ErrorBody;
      const route: FastifyRouteOptions = {
        method: contract.method,
        url: contract.path,
        schema: {
          operationId: operationId(contract),
          summary: contract.summary,
          description: [
            accessDescriptions[contract.auth],
            ...(contract.entitlement ? [entitlementDescription(contract.entitlement)] : []),
            contract.apiKey
              ? `API key: accepted with the '${contract.apiKey}' scope (Authorization: Bearer klipt_sk_…).`
              : 'API key: not accepted (403 API_KEY_NOT_ACCEPTED).',
            ...(contract.idempotent
              ? ['Idempotent: send Idempotency-Key to retry safely; the first answer is replayed for 24 hours.']
              : []),
            ...(contract.visitorCache
              ? [
                  `Cache: a visitor's answer carries an ETag and public, max-age=${VISITOR_CACHE_SECONDS} (If-None-Match → 304); with a session or key, no-store.`,
                ]
              : []),
          ].join(' '),
          tags: contract.tags,
          ...(contract.params ? { params: contract.params } : {}),
          ...(contract.query ? { querystring: contract.query } : {}),
          ...(contract.body ? { body: contract.body } : {}),
          ...(contract.consumes ? { consumes: [contract.consumes] } : {}),
          ...(contract.produces ? { produces: [contract.produces] } : {}),
          response,
          ...securityOf(contract),
        },
        bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
        ...(options.compress === false ? { compress: false } : {}),
        // onRequest runs before the body is parsed or validated: who may call is decided first,
        // then whether the body is of the kind the route reads.
        onRequest: async (req, reply) => {
          const secret = api ? bearerSecret(req) : undefined;
          let caller: SignedInUser | null;
          if (secret !== undefined) {
            const key = await keyCaller(contract, req, reply, api!.keys, secret);
            caller = contract.auth === 'public' ? null : key;
          } else {
            const session = contract.auth === 'public' ? null : await sessions.load(req, reply);
            caller = decideAccess(contract.auth, session, contract.unauthenticatedMessage);
          }
          // A route under /:workspaceId acts on that workspace (its plan, its members); any other on the current one.
          const scoped = contract.path.includes('/:workspaceId');
          const named = scoped ? ((req.params as { workspaceId?: string }).workspaceId ?? '') : undefined;
          if (named !== undefined) decideMembership(caller, named);
          if (contract.entitlement) await decideEntitlement(contract.entitlement, caller, named, sessions.planOf);
          callers.set(req, caller);
          checkBodyType(contract, req);
        },
        handler: async (req, reply) => {
          const call = {
            req,
            reply,
            params: req.params,
            query: req.query,
            body: req.body,
            user: callers.get(req) ?? null,
            viewer: () => viewer(req, reply),
            rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          } as RouteCall<typeof contract>;
          const key = contract.idempotent && api ? idempotencyKey(req) : undefined;
          if (key !== undefined) return idempotent(contract, call, api!.idempotency, key, () => options.handler(call));
          const body = await options.handler(call);
          if (body === ANSWERED || reply.sent) return reply;
          if (contract.visitorCache) {
            const visitor = !keyCallers.has(req) && (await call.viewer()) === null;
            return sendVisitorCacheable(req, reply.code(contract.status), reply.serialize(body) as string, visitor);
          }
          return reply.code(contract.status).send(contract.status === 204 ? undefined : body);
        },
      };
      if (!contract.rawBody) {
        server.route(route);
        return;
      }
      // The raw body's parser is scoped to this one route: every other JSON route keeps parsing.
      void server.register(async (scope) => {
        scope.addContentTypeParser(contract.rawBody!, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
        scope.route(route);
      });
    },
  };
}
