import { accessMessages, type AccessLevel } from '#contracts/contract.ts';
import { AppError } from '../lib/app-error.ts';
import type { AuthContext, SignedInUser } from './caller.ts';

/**
 * The one access decision of every route, from its contract's `auth`: a visitor is refused with
 * 401, a signed-in user below the level with 403. Returns the caller (null on public routes).
 */
export async function decideAccess(
  level: AccessLevel,
  session: AuthContext | null,
  isSuperAdmin: (userId: string) => Promise<boolean>,
  unauthenticatedMessage: string = accessMessages.signInRequired,
): Promise<SignedInUser | null> {
  if (level === 'public') return session?.user ?? null;
  if (!session) throw new AppError('UNAUTHENTICATED', unauthenticatedMessage);
  if (level === 'user') return session.user;
  if (!session.user.emailVerified) throw new AppError('FORBIDDEN', accessMessages.verifyEmailFirst);
  // The role is read on every admin request: a revoked admin loses access at once (and a failed read means "not an admin").
  if (level === 'admin' && !(await isSuperAdmin(session.user.id))) throw new AppError('FORBIDDEN', accessMessages.adminOnly);
  return session.user;
}
