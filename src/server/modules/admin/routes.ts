import type { FastifyInstance } from 'fastify';
import { createSuperAdmin } from '../../../contracts/admin.ts';
import { messages } from '../../../contracts/messages.ts';
import type { Db } from '../../db/client.ts';
import { registerRoute } from '../../http/register-route.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { makeSuperAdmin } from './bootstrap.ts';

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { guard: SessionGuard; db: Db; onUserReady: (u: { id: string; email: string }) => Promise<void> },
): void {
  registerRoute(app, createSuperAdmin, {
    preHandler: deps.guard.requireAdmin,
    handler: async (req) => {
      try {
        const result = await makeSuperAdmin(deps.db, req.body.email, req.body.password, deps.onUserReady);
        req.log.info({ admin: req.authContext?.user.id, target: result.userId, created: result.created }, 'super admin granted');
        return result;
      } catch (err) {
        if (isAppError(err)) throw err;
        req.log.error({ err }, 'super admin creation failed');
        throw new AppError('INTERNAL', messages.auth.userCreationFailed);
      }
    },
  });
}
