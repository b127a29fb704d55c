import { vi } from 'vitest';
import type { Contract } from '#contracts/contract.ts';
import type { Me } from '#contracts/profile.ts';
import { getMe, getSession } from '#contracts/routes.ts';

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  /** The path parameters of the contract that answered, e.g. `{ id }` for /api/generations/:id. */
  params: Record<string, string>;
  /** Parsed JSON for JSON bodies, the FormData for uploads. */
  body: unknown;
}

export type FakeHandler = (req: FakeRequest) => Response | Promise<Response>;

/** One endpoint of the fake server: a contract and how it answers. */
export interface FakeRoute {
  contract: Contract;
  handler: FakeHandler;
}

/** Answers requests to `contract` (its method and path pattern) with `handler`. */
export function on(contract: Contract, handler: FakeHandler): FakeRoute {
  return { contract, handler };
}

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The server's one error shape. */
export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: { code, message } }, headers);
}

/** The path parameters when the request is one of the contract's, else null. */
function matchContract(contract: Contract, method: string, pathname: string): Record<string, string> | null {
  if (contract.method !== method) return null;
  const pattern = contract.path.split('/');
  const actual = pathname.split('/');
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const value = actual[i] ?? '';
    if (part.startsWith(':')) {
      if (value === '') return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** Literal path segments win over parameters: /api/generations/latest is not /api/generations/:id. */
function literalSegments(contract: Contract): number {
  return contract.path.split('/').filter((part) => !part.startsWith(':')).length;
}

/** The contract among `contracts` that answers the request (the most literal; the last one on a tie), with its params. */
function resolve(contracts: readonly Contract[], method: string, pathname: string) {
  let best: { contract: Contract; params: Record<string, string> } | undefined;
  for (const contract of contracts) {
    const params = matchContract(contract, method, pathname);
    if (params && (!best || literalSegments(contract) >= literalSegments(best.contract))) best = { contract, params };
  }
  return best;
}

/**
 * Tests describe the signed-in user with a getMe handler (a 401 for visitors); the app asks
 * getSession, which answers like the server: 200 with { me } or { me: null }.
 */
function sessionFromMe(me: FakeHandler): FakeHandler {
  return async (req) => {
    const res = await me(req);
    if (res.status === 401) return json(200, { me: null });
    if (!res.ok) return res;
    return json(200, { me: (await res.json()) as unknown });
  };
}

/**
 * Stubs `fetch` with handlers registered by contract, answering like the Klipt server; records every
 * request. A later route for the same contract replaces an earlier one (so helpers can take
 * overrides). Unknown requests answer 404 so a test never reaches the network.
 */
export function fakeApi(...routes: FakeRoute[]) {
  const handlers = new Map<Contract, FakeHandler>();
  for (const route of routes) handlers.set(route.contract, route.handler);
  const meHandler = handlers.get(getMe);
  if (meHandler && !handlers.has(getSession)) handlers.set(getSession, sessionFromMe(meHandler));
  const contracts = [...handlers.keys()];

  const requests: FakeRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const match = resolve(contracts, method, url.pathname);
    const req: FakeRequest = { method, path: url.pathname, url, params: match?.params ?? {}, body };
    requests.push(req);
    const handler = match && handlers.get(match.contract);
    return handler ? handler(req) : apiError(404, 'NOT_FOUND', `No fake for ${method} ${url.pathname}`);
  };
  vi.stubGlobal('fetch', fakeFetch);
  return {
    requests,
    routes,
    /**
     * Requests to one contract, e.g. calls(signIn); `params` narrows them to one path, e.g.
     * calls(getGeneration, { id }). A request another registered contract answers more precisely
     * (GET /api/generations/latest for getGeneration) is not counted.
     */
    calls: (contract: Contract, params?: Record<string, string>) =>
      requests.filter((r) => {
        const match = resolve([...contracts, contract], r.method, r.path);
        if (match?.contract !== contract) return false;
        return Object.entries(params ?? {}).every(([name, value]) => match.params[name] === value);
      }),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** A signed-in user as GET /api/me returns it. */
export function meFixture(overrides: { emailVerified?: boolean; isSuperAdmin?: boolean; credits?: number; displayName?: string } = {}): Me {
  return {
    user: { id: 'u1', email: 'maya@candles.test', emailVerified: overrides.emailVerified ?? true, createdAt: '2026-03-14T09:30:00.000Z' },
    profile: {
      userId: 'u1',
      displayName: overrides.displayName ?? 'maya',
      avatarUrl: null,
      bio: null,
      location: null,
      occupation: null,
      twitterUrl: null,
      instagramUrl: null,
      tiktokUrl: null,
      websiteUrl: null,
      createdAt: '2026-03-14T09:30:00.000Z',
      updatedAt: '2026-03-15T10:00:00.000Z',
    },
    isSuperAdmin: overrides.isSuperAdmin ?? false,
    credits: overrides.credits ?? 10,
  };
}
