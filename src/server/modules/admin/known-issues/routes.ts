import { addKnownIssue, deleteKnownIssue, editKnownIssue, listKnownIssues } from '#contracts/known-issues.ts';
import type { Router } from '#server/http/router.ts';
import type { KnownIssueService } from './service.ts';

export function registerKnownIssueRoutes(router: Router, deps: { knownIssues: KnownIssueService }): void {
  router.add(listKnownIssues, { handler: async () => ({ issues: await deps.knownIssues.list() }) });
  router.add(addKnownIssue, { handler: ({ user, body }) => deps.knownIssues.add(user, body.text) });
  router.add(editKnownIssue, { handler: ({ params, body }) => deps.knownIssues.edit(params.id, body.text) });
  router.add(deleteKnownIssue, {
    handler: async ({ params }) => {
      await deps.knownIssues.remove(params.id);
      return null;
    },
  });
}
