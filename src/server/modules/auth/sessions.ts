import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { SessionReader } from '../../http/router.ts';
import { callerMembershipsFrom, loadCallerMemberships } from '../workspaces/caller-repo.ts';
import { workspacePlan } from '../workspaces/plan-repo.ts';
import type { Auth } from './auth.ts';
import { cookieValue } from './cookie-value.ts';
import { prepareSessionCallerQuery } from './session-caller-repo.ts';
import { signedSessionToken } from './session-cookie.ts';

/**
 * Reads who is calling, once per request; the router decides access with it. A request with a
 * fresh session costs a signature check and one indexed read (ADR 0027): the session row, user,
 * role and memberships are read on every request, so a sign-out, a password reset, a revoked role
 * or a removal takes effect at once. Everything else (no such session, an expired one, one due for
 * a later expiry, a leftover cookie cache) goes through better-auth's getSession, which writes
 * the session and its cookies as it always has.
 */
export function createSessions(auth: Auth, db: Db): SessionReader {
  const loaded = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();
  const callerOf = prepareSessionCallerQuery(db);
  // better-auth's own settings (secret, cookie names with their __Secure- prefix, session ages).
  const settings = auth.$context.then((context) => ({
    secret: context.secret,
    sessionCookie: context.authCookies.sessionToken.name,
    cacheCookie: context.authCookies.sessionData.name,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  const throughBetterAuth = async (req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> => {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), returnHeaders: true });
    // A session used after `updateAge` gets a later expiry; the refreshed cookie must reach the browser.
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const data = result.response;
    if (!data) return null;
    return {
      sessionId: data.session.id,
      user: {
        id: data.user.id,
        email: data.user.email,
        emailVerified: data.user.emailVerified,
        createdAt: new Date(data.user.createdAt),
        ...(await loadCallerMemberships(db, data.user.id)),
      },
    };
  };

  const read = async (req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> => {
    const cookie = req.headers.cookie;
    if (!cookie?.includes('session_token')) return null;
    const { secret, sessionCookie, cacheCookie, expiresInMs, updateAgeMs } = await settings;
    // A forged or altered cookie is nobody, as better-auth would answer, without a database read.
    const token = signedSessionToken(cookie, sessionCookie, secret);
    if (token === undefined) return null;
    if (cookieValue(cookie, cacheCookie) !== undefined) return throughBetterAuth(req, reply);
    const [row] = await callerOf.execute({ token });
    const now = Date.now();
    // The same test as better-auth's getSession: refreshed once `updateAge` has passed since the last refresh.
    if (!row || row.expiresAt.getTime() <= now || row.expiresAt.getTime() - expiresInMs + updateAgeMs <= now) {
      return throughBetterAuth(req, reply);
    }
    return {
      sessionId: row.sessionId,
      user: {
        id: row.userId,
        email: row.email,
        emailVerified: row.emailVerified,
        createdAt: row.createdAt,
        ...callerMembershipsFrom(row.userId, row),
      },
    };
  };

  return {
    load(req, reply) {
      let session = loaded.get(req);
      if (!session) {
        session = read(req, reply);
        loaded.set(req, session);
      }
      return session;
    },
    planOf: (workspaceId) => workspacePlan(db, workspaceId),
  };
}
