import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccessLevel, Contract } from '../../contracts/contract.ts';
import { ErrorBody } from '../../contracts/errors.ts';
import { decideAccess } from './access.ts';

export interface SignedInUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
}

export interface AuthContext {
  user: SignedInUser;
  sessionId: string;
}

/** Where the router reads who is calling (the auth module implements it). */
export interface SessionReader {
  /** The session of this request, or null; read at most once per request. */
  load(req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null>;
  /** Fails closed: any error reads as "not a super admin". */
  isSuperAdmin: (userId: string) => Promise<boolean>;
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
}

/** Returned by a handler that answered by itself (a file, an event stream). */
export const ANSWERED: unique symbol = Symbol('answered');

export interface RouteOptions<C extends Contract> {
  /** Larger bodies than the app's 1 MB default (uploads). */
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
  /** The Fastify instance, for what is not an endpoint of the API (the auth bridge's pass-through). */
  readonly server: FastifyInstance;
}

const accessDescriptions: Record<AccessLevel, string> = {
  public: 'Access: anyone.',
  user: 'Access: signed-in users (also before the email is confirmed). 401 for visitors.',
  verified: 'Access: signed-in users with a confirmed email. 401 for visitors, 403 before the email is confirmed.',
  admin: 'Access: super admins. 401 for visitors, 403 for everyone else.',
};

export function createRouter(server: FastifyInstance, sessions: SessionReader): Router {
  const contracts: Contract[] = [];
  const callers = new WeakMap<FastifyRequest, SignedInUser | null>();
  const viewer = async (req: FastifyRequest, reply: FastifyReply) => (await sessions.load(req, reply))?.user ?? null;

  return {
    contracts,
    server,
    add(contract, options) {
      contracts.push(contract);
      const response: Record<number, z.ZodType> = { [contract.status]: contract.response };
      for (const status of contract.errors ?? []) response[status] = ErrorBody;
      server.route({
        method: contract.method,
        url: contract.path,
        schema: {
          summary: contract.summary,
          description: accessDescriptions[contract.auth],
          tags: contract.tags,
          ...(contract.params ? { params: contract.params } : {}),
          ...(contract.query ? { querystring: contract.query } : {}),
          ...(contract.body ? { body: contract.body } : {}),
          ...(contract.produces ? { produces: [contract.produces] } : {}),
          response,
          ...(contract.auth === 'public' ? {} : { security: [{ session: [] }] }),
        },
        ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
        ...(options.compress === false ? { compress: false } : {}),
        // onRequest runs before the body is parsed or validated: who may call is decided first.
        onRequest: async (req, reply) => {
          const session = contract.auth === 'public' ? null : await sessions.load(req, reply);
          callers.set(req, await decideAccess(contract.auth, session, sessions.isSuperAdmin));
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
          } as RouteCall<typeof contract>;
          const body = await options.handler(call);
          if (body === ANSWERED || reply.sent) return reply;
          return reply.code(contract.status).send(contract.status === 204 ? undefined : body);
        },
      });
    },
  };
}
