import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { SessionReader } from '../../http/router.ts';
import { loadCallerMemberships } from '../workspaces/caller-repo.ts';
import { workspacePlan } from '../workspaces/plan-repo.ts';
import type { Auth } from './auth.ts';

/** Reads the session cookie through better-auth, once per request; the router decides access with it. */
export function createSessions(auth: Auth, db: Db): SessionReader {
  const loaded = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

  const read = async (req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> => {
    if (!req.headers.cookie?.includes('session_token')) return null;
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
