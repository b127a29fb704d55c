import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { ErrorBody } from '../../contracts/errors.ts';
import type { Contract } from '../../contracts/contract.ts';

type Out<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: Out<C['params']>;
  Querystring: Out<C['query']>;
  Body: Out<C['body']>;
}>;

export interface RouteOptions<C extends Contract> {
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
  handler: (req: ContractRequest<C>, reply: FastifyReply) => Promise<z.output<C['response']>>;
}

/**
 * Registers a contract as a Fastify route: its schemas validate the request, serialize the
 * response and feed the OpenAPI document. The handler returns the success body.
 */
export function registerRoute<C extends Contract>(app: FastifyInstance, contract: C, options: RouteOptions<C>): void {
  const response: Record<number, z.ZodType> = { [contract.status]: contract.response };
  for (const status of contract.errors ?? []) response[status] = ErrorBody;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response,
      ...(contract.auth && contract.auth !== 'none' ? { security: [{ session: [] }] } : {}),
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (req, reply) => {
      const body = await options.handler(req as ContractRequest<C>, reply);
      if (reply.sent) return reply;
      return reply.code(contract.status).send(contract.status === 204 ? undefined : body);
    },
  });
}
