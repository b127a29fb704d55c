import { getCreditBalance, getCreditHistory } from '#contracts/credits-api.ts';
import type { Router } from '../../http/router.ts';
import type { CreditService } from './service.ts';

export function registerCreditRoutes(router: Router, deps: { credits: CreditService }): void {
  router.add(getCreditBalance, {
    handler: async ({ user, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return { credits: await deps.credits.balance(user.workspace.id) };
    },
  });
  router.add(getCreditHistory, { handler: ({ user, query }) => deps.credits.history(user.workspace.id, query.cursor) });
}
