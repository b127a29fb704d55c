import type { z } from 'zod';
import { apiKeyMessages, API_KEYS_PER_WORKSPACE, type ApiKey, type ApiKeyInput, type CreatedApiKey } from '#contracts/api-keys.ts';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { canManageApiAccess } from '../access/rules.ts';
import { requireApiManager } from './manager.ts';
import { lockedView, viewerFor } from '../workspaces/context.ts';
import { countActiveKeys, findKeyRow, insertKey, listKeyRows, revokeKeyRow, type ApiKeyRow } from './repo.ts';
import { newApiKeySecret } from './secret.ts';

type Input = z.output<typeof ApiKeyInput>;

export interface ApiKeyService {
  list(user: SignedInUser, workspaceId: string): Promise<{ keys: ApiKey[] }>;
  /** The answer is the only time the secret exists outside the caller's hands: only its hash is kept. */
  create(user: SignedInUser, workspaceId: string, input: Input): Promise<CreatedApiKey>;
  revoke(user: SignedInUser, workspaceId: string, keyId: string): Promise<ApiKey>;
}

const DAY_MS = 86_400_000;

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdBy: row.creator,
  };
}

export function createApiKeyService(deps: { db: Db; now?: () => number }): ApiKeyService {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const found = async (workspaceId: string, keyId: string) => {
    const row = await findKeyRow(db, workspaceId, keyId);
    if (!row) throw new AppError('NOT_FOUND', apiKeyMessages.notFound);
    return row;
  };

  return {
    async list(user, workspaceId) {
      requireApiManager(user, workspaceId);
      return { keys: (await listKeyRows(db, workspaceId)).map(toApiKey) };
    },

    async create(user, workspaceId, input) {
      const { secret, prefix, hash } = newApiKeySecret();
      const keyId = await db.transaction(async (tx) => {
        // The lock serialises creations, so the cap holds; the role is read again under it.
        const { viewer } = await lockedView(tx, viewerFor(user), workspaceId);
        if (!canManageApiAccess(viewer, workspaceId)) throw new AppError('FORBIDDEN', apiKeyMessages.notAllowed);
        if ((await countActiveKeys(tx, workspaceId)) >= API_KEYS_PER_WORKSPACE) throw new AppError('CONFLICT', apiKeyMessages.tooManyKeys);
        return insertKey(tx, {
          workspaceId,
          createdBy: user.id,
          name: input.name,
          prefix,
          secretHash: hash,
          scopes: input.scopes,
          expiresAt: input.expiresInDays === null ? null : new Date(now() + input.expiresInDays * DAY_MS),
        });
      });
      return { key: toApiKey(await found(workspaceId, keyId)), secret };
    },

    async revoke(user, workspaceId, keyId) {
      requireApiManager(user, workspaceId);
      await found(workspaceId, keyId);
      await revokeKeyRow(db, workspaceId, keyId);
      return toApiKey(await found(workspaceId, keyId));
    },
  };
}
