import { apiKeyScopes, type ApiKeyScope } from '#contracts/api-keys.ts';
import type { ApiKeyService } from '#server/modules/api-keys/service.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { signedInUser } from './workspaces.ts';

/** An API key made by `userId` for `workspaceId` through the service, as the settings screen makes it; its secret and id. */
export async function createKey(
  deps: { db: DbOrTx; services: { apiKeys: ApiKeyService } },
  userId: string,
  workspaceId: string,
  options: { scopes?: ApiKeyScope[]; expiresInDays?: number | null; name?: string } = {},
): Promise<{ secret: string; id: string }> {
  const user = await signedInUser(deps.db, userId);
  const created = await deps.services.apiKeys.create(user, workspaceId, {
    name: options.name ?? 'Test key',
    scopes: options.scopes ?? [...apiKeyScopes],
    expiresInDays: options.expiresInDays ?? null,
  });
  return { secret: created.secret, id: created.key.id };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
