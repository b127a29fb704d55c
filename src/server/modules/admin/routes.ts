import type { FastifyInstance } from 'fastify';
import { createSuperAdmin } from '../../../contracts/admin.ts';
import { messages } from '../../../contracts/messages.ts';
import type { Db } from '../../db/client.ts';
import { registerRoute } from '../../http/register-route.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { ensureVerifiedUser } from '../auth/users.ts';
import { grantSuperAdmin } from '../roles/repo.ts';

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { guard: SessionGuard; auth: Auth; db: Db; onUserReady: (u: { id: string; email: string }) => Promise<void> },
): void {
  registerRoute(app, createSuperAdmin, {
    preHandler: deps.guard.requireAdmin,
    handler: async (req) => {
      try {
        const user = await ensureVerifiedUser(deps.auth, deps.db, req.body.email, req.body.password);
        await grantSuperAdmin(deps.db, user.id);
        await deps.onUserReady(user);
        req.log.info({ admin: req.authContext?.user.id, target: user.id, created: user.created }, 'super admin granted');
        return { userId: user.id, email: user.email, created: user.created };
      } catch (err) {
        if (isAppError(err)) throw err;
        req.log.error({ err }, 'super admin creation failed');
        throw new AppError('INTERNAL', messages.auth.userCreationFailed);
      }
    },
  });
}
