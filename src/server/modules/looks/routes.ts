import { createLook, deleteLook, listLooks, updateLook } from '#contracts/looks.ts';
import type { Router } from '../../http/router.ts';
import type { LookService } from './service.ts';

/** Saved looks; the router already answered 404 to non-members and 403 PLAN_REQUIRED without the plan. */
export function registerLookRoutes(router: Router, deps: { looks: LookService }): void {
  const { looks } = deps;
  router.add(listLooks, { handler: ({ user, params }) => looks.list(user, params.workspaceId) });
  router.add(createLook, { handler: ({ user, params, body }) => looks.create(user, params.workspaceId, body) });
  router.add(updateLook, { handler: ({ user, params, body }) => looks.update(user, params.workspaceId, params.lookId, body) });
  router.add(deleteLook, { handler: ({ user, params }) => looks.remove(user, params.workspaceId, params.lookId) });
}
