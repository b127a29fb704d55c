import type { FastifyInstance } from 'fastify';
import { getCreditBalance } from '../../../contracts/credits-api.ts';
import type { Db } from '../../db/client.ts';
import { registerRoute } from '../../http/register-route.ts';
import { currentUser, type SessionGuard } from '../auth/session-guard.ts';
import { getBalance } from './ledger.ts';

export function registerCreditRoutes(app: FastifyInstance, deps: { db: Db; guard: SessionGuard }): void {
  registerRoute(app, getCreditBalance, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { credits: await getBalance(deps.db, currentUser(req).id) };
    },
  });
}
