import { getHealth, getReady } from '#contracts/health.ts';
import type { Router } from '../../http/router.ts';
import type { HealthService } from './service.ts';

export function registerHealthRoutes(router: Router, deps: { health: HealthService }): void {
  router.add(getHealth, {
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  });
  router.add(getReady, {
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      await deps.health.ready();
      return { status: 'ready' as const, checks: { database: 'ok', storage: 'ok', queue: 'ok' } as const };
    },
  });
}
