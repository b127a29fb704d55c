import { createApiKey, listApiKeys, revokeApiKey } from '#contracts/api-keys.ts';
import type { Router } from '../../http/router.ts';
import type { ApiKeyService } from './service.ts';

/** API keys; the router already answered 404 to non-members and 403 PLAN_REQUIRED without 'API access'. */
export function registerApiKeyRoutes(router: Router, deps: { apiKeys: ApiKeyService }): void {
  const { apiKeys } = deps;
  router.add(listApiKeys, { handler: ({ user, params }) => apiKeys.list(user, params.workspaceId) });
  router.add(createApiKey, { handler: ({ user, params, body }) => apiKeys.create(user, params.workspaceId, body) });
  router.add(revokeApiKey, { handler: ({ user, params }) => apiKeys.revoke(user, params.workspaceId, params.keyId) });
}
