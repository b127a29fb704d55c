import type { z } from 'zod';
import { ErrorBody } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint, described once: the server registers it as a Fastify route (validation and
 * OpenAPI come from the schemas) and the web client calls it through the same object.
 */
export interface Contract<
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** The success status and its body schema. */
  status: 200 | 201 | 202 | 204;
  response: TResponse;
  /** Extra documented error statuses besides the generic ones. */
  errors?: number[];
  /** Whether the endpoint needs a signed-in user (documented; enforced by the route). */
  auth?: 'none' | 'user' | 'admin';
}

export function defineContract<
  TParams extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(c: Contract<TParams, TQuery, TBody, TResponse>): Contract<TParams, TQuery, TBody, TResponse> {
  return c;
}

type InputOf<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : undefined;

export type ContractParams<C extends Contract> = InputOf<C['params']>;
export type ContractQuery<C extends Contract> = InputOf<C['query']>;
export type ContractBody<C extends Contract> = InputOf<C['body']>;
export type ContractResponse<C extends Contract> = z.output<C['response']>;

export { ErrorBody };
