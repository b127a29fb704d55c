import { listActivity } from '#contracts/activity.ts';
import type { Router } from '../../http/router.ts';
import type { ActivityService } from './service.ts';

export function registerActivityRoutes(router: Router, deps: { activity: ActivityService }): void {
  router.add(listActivity, { handler: async ({ query }) => ({ entries: await deps.activity.latest(query.type) }) });
}
