import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '#contracts/api-keys.ts';
import type { PlanId } from '#contracts/plans.ts';
import type { WorkspaceKind, WorkspaceRole } from '#contracts/workspace-kinds.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';
import { inList } from '../../db/schema/sql-helpers.ts';
import { entitledStatuses } from '../workspaces/plan-repo.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { creator: { id: string; name: string; email: string } | null };

const columns = {
  id: apiKeys.id,
  workspaceId: apiKeys.workspaceId,
  createdBy: apiKeys.createdBy,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  secretHash: apiKeys.secretHash,
  scopes: apiKeys.scopes,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  revokedAt: apiKeys.revokedAt,
  createdAt: apiKeys.createdAt,
  creatorId: users.id,
  creatorName: users.name,
  creatorEmail: users.email,
};

type Selected = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toRow(r: Selected): ApiKeyRow {
  const { creatorId, creatorName, creatorEmail, ...key } = r;
  return {
    ...(key as typeof apiKeys.$inferSelect),
    creator: creatorId ? { id: creatorId, name: creatorName ?? '', email: creatorEmail ?? '' } : null,
  };
}

/** Newest first; the workspace's keys are few (API_KEYS_PER_WORKSPACE active), revoked ones included. */
export async function listKeyRows(db: DbOrTx, workspaceId: string): Promise<ApiKeyRow[]> {
  const rows = await db
    .select(columns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toRow);
}

export async function findKeyRow(db: DbOrTx, workspaceId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, keyId)));
  return row ? toRow(row) : undefined;
}

/** Keys that still work or may (not revoked; expired ones count until revoked, so the cap is simple). */
export async function countActiveKeys(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(
  db: DbOrTx,
  values: {
    workspaceId: string;
    createdBy: string;
    name: string;
    prefix: string;
    secretHash: string;
    scopes: ApiKeyScope[];
    expiresAt: Date | null;
  },
): Promise<string> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

/** Revokes once; a second call changes nothing (the first revocation time stays). */
export async function revokeKeyRow(db: DbOrTx, workspaceId: string, keyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
}

/** What a bearer request needs about its key, read in one query (see findKeyCaller). */
export interface KeyCallerRow {
  key_id: string;
  workspace_id: string;
  workspace_kind: WorkspaceKind;
  scopes: ApiKeyScope[];
  user_id: string;
  email: string;
  email_verified: boolean;
  user_created_at: string | Date;
  role: WorkspaceRole;
  is_super_admin: boolean;
  /** The workspace's plan (workspacePlan's rule, read in the same query). */
  plan_id: PlanId | null;
}

/** How stale 'last used' may get: one write a minute per key (and one when the address changes), not one per request. */
const LAST_USED_GRANULARITY = '60 seconds';

/**
 * The key with this hash if it works now: not revoked, not expired, and its maker still a member of
 * its workspace (a key leaves with the member who made it), with its workspace's plan. Marks it
 * used in the same statement: one query per request.
 */
export async function findKeyCaller(db: DbOrTx, secretHash: string, ip: string): Promise<KeyCallerRow | undefined> {
  const [row] = await queryRows<KeyCallerRow>(
    db,
    sql`with k as (
          select k.id, k.workspace_id, k.scopes, k.created_by
          from api_keys k
          where k.secret_hash = ${secretHash} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
        ), touched as (
          update api_keys set last_used_at = now(), last_used_ip = ${ip}
          where id = (select id from k)
            and (last_used_at is null or last_used_at < now() - interval '${sql.raw(LAST_USED_GRANULARITY)}' or last_used_ip is distinct from ${ip})
          returning id
        )
        select k.id as key_id, k.workspace_id, w.kind as workspace_kind, k.scopes, u.id as user_id, u.email,
               u.email_verified, u.created_at as user_created_at, m.role,
               exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'super_admin') as is_super_admin,
               (select s.plan_id from subscriptions s
                 where s.workspace_id = k.workspace_id and s.status in ${inList(entitledStatuses)}
                 order by s.created_at desc limit 1) as plan_id,
               (select count(*) from touched) as touched
        from k
        join users u on u.id = k.created_by
        join workspace_members m on m.workspace_id = k.workspace_id and m.user_id = u.id
        join workspaces w on w.id = k.workspace_id`,
  );
  return row;
}
