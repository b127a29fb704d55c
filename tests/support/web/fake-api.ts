import { vi } from 'vitest';
import type { Me } from '../../../src/contracts/profile.ts';

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  /** Parsed JSON for JSON bodies, the FormData for uploads. */
  body: unknown;
}

type Handler = (req: FakeRequest) => Response | Promise<Response>;

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

/**
 * Tests describe the signed-in user with a 'GET /api/me' handler (a 401 for visitors); the app
 * asks GET /api/session, which answers like the server: 200 with { me } or { me: null }.
 */
function sessionFromMe(routes: Record<string, Handler>): Handler | undefined {
  const me = routes['GET /api/me'];
  if (!me) return undefined;
  return async (req) => {
    const res = await me(req);
    if (res.status === 401) return json(200, { me: null });
    if (!res.ok) return res;
    return json(200, { me: (await res.json()) as unknown });
  };
}

/**
 * Stubs `fetch` with handlers keyed "METHOD /path", answering like the Klipt server; records every
 * request. Unknown routes answer 404 so a test never reaches the network.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const req = { method, path: url.pathname, url, body };
    requests.push(req);
    const handler =
      routes[`${method} ${url.pathname}`] ?? (method === 'GET' && url.pathname === '/api/session' ? sessionFromMe(routes) : undefined);
    return handler ? handler(req) : apiError(404, 'NOT_FOUND', `No fake for ${method} ${url.pathname}`);
  };
  vi.stubGlobal('fetch', fakeFetch);
  return {
    requests,
    routes,
    /** Requests to one route, e.g. calls('POST /api/auth/sign-in/email'). */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

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
