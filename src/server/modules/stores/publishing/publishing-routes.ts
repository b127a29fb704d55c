import { listPublications, publishBatchToStore, publishToStore, retryPublication } from '#contracts/stores.ts';
import type { Router } from '#server/http/router.ts';
import type { PublishingService } from './publishing-service.ts';

/** Publishing klips onto store products; the router already answered 404 to non-members and 403 PLAN_REQUIRED without store sync. */
export function registerPublishingRoutes(router: Router, deps: { publishing: PublishingService }): void {
  const { publishing } = deps;
  router.add(publishToStore, {
    handler: ({ user, params, body }) => publishing.publish(user, params.workspaceId, { items: body.items, featured: body.featured }),
  });
  router.add(publishBatchToStore, {
    handler: ({ user, params, body }) => publishing.publishBatch(user, params.workspaceId, params.batchId, body.featured),
  });
  router.add(listPublications, { handler: ({ user, params, query }) => publishing.list(user, params.workspaceId, query) });
  router.add(retryPublication, { handler: ({ user, params }) => publishing.retry(user, params.workspaceId, params.publicationId) });
}
