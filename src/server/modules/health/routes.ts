import { getHealth } from '../../../contracts/health.ts';
import type { Router } from '../../http/router.ts';
import type { HealthService } from './service.ts';

export function registerHealthRoutes(router: Router, deps: { health: HealthService }): void {
  router.add(getHealth, {
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      await deps.health.check();
      return { status: 'ok' as const };
    },
  });
}
