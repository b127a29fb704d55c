import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { messages } from '../../../contracts/messages.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isSuperAdmin } from '../roles/repo.ts';
import type { Auth } from './auth.ts';

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

declare module 'fastify' {
  interface FastifyRequest {
    authContext?: AuthContext | null;
  }
}

export interface SessionGuard {
  /** The signed-in user of this request, or null; loaded once per request. */
  load(req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null>;
  /** 401 unless signed in (unverified users allowed: verify-email, resend, session). */
  requireUser: preHandlerAsyncHookHandler;
  /** 401 unless signed in, 403 until the email is confirmed. */
  requireVerifiedUser: preHandlerAsyncHookHandler;
  /** requireVerifiedUser plus the super admin role. */
  requireAdmin: preHandlerAsyncHookHandler;
}

export function createSessionGuard(auth: Auth, db: Db): SessionGuard {
  const load = async (req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> => {
    if (req.authContext !== undefined) return req.authContext;
    if (!req.headers.cookie?.includes('session_token')) {
      req.authContext = null;
      return null;
    }
    const result = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), returnHeaders: true });
    // A session used after `updateAge` gets a later expiry; the refreshed cookie must reach the browser.
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const data = result.response;
    req.authContext = data
      ? {
          sessionId: data.session.id,
          user: {
            id: data.user.id,
            email: data.user.email,
            emailVerified: data.user.emailVerified,
            createdAt: new Date(data.user.createdAt),
          },
        }
      : null;
    return req.authContext;
  };

  const requireUser: preHandlerAsyncHookHandler = async (req, reply) => {
    if (!(await load(req, reply))) throw new AppError('UNAUTHENTICATED', messages.auth.signInRequired);
  };
  const verifiedUser = async (req: FastifyRequest, reply: FastifyReply): Promise<AuthContext> => {
    const ctx = await load(req, reply);
    if (!ctx) throw new AppError('UNAUTHENTICATED', messages.auth.signInRequired);
    if (!ctx.user.emailVerified) throw new AppError('FORBIDDEN', messages.auth.verifyEmailFirst);
    return ctx;
  };
  const requireVerifiedUser: preHandlerAsyncHookHandler = async (req, reply) => {
    await verifiedUser(req, reply);
  };
  const requireAdmin: preHandlerAsyncHookHandler = async (req, reply) => {
    const ctx = await verifiedUser(req, reply);
    if (!(await isSuperAdmin(db, ctx.user.id))) throw new AppError('FORBIDDEN', messages.auth.adminOnly);
  };
  return { load, requireUser, requireVerifiedUser, requireAdmin };
}

/** The user a guarded handler runs for (the guard already refused anonymous requests). */
export function currentUser(req: FastifyRequest): SignedInUser {
  const user = req.authContext?.user;
  if (!user) throw new AppError('UNAUTHENTICATED', messages.auth.signInRequired);
  return user;
}
