import { sql } from 'drizzle-orm';
import { apiKeyMessages } from '#contracts/api-keys.ts';
import { apiLimitsOf, entitlementMessages, lowestPlanWith, planAllows } from '#contracts/entitlements.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { ApiKeyAccess, KeyCaller } from '../../http/api-key-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { findKeyCaller } from './repo.ts';
import { hashApiKeySecret, looksLikeApiKey } from './secret.ts';

const WINDOW_SECONDS = 60;

/**
 * Bearer keys for the router: who a key acts as, its per-minute limits (per key and per
 * workspace, from the plans table, counted in the shared rate_limits table) and the running
 * generations a workspace may have through keys (docs/api.md#limits).
 */
export function createApiKeyAccess(deps: {
  db: Db;
  /** RATE_LIMIT_SCALE: a load test's multiplier of every limit. */
  limitScale?: number;
  /** Off with the other rate limits (route-walking tests); the running-generations cap stays. */
  limitsDisabled?: boolean;
}): ApiKeyAccess {
  const { db } = deps;
  const scale = deps.limitScale ?? 1;

  return {
    async authenticate(secret, ip) {
      if (!looksLikeApiKey(secret)) return null;
      const row = await findKeyCaller(db, hashApiKeySecret(secret), ip);
      if (!row) return null;
      const plan = row.plan_id;
      // A super admin's key works on any plan; everyone else's stops with the plan.
      if (!row.is_super_admin && !planAllows(plan, 'apiAccess')) {
        throw new AppError('PLAN_REQUIRED', entitlementMessages.planRequired('apiAccess'), { plan: lowestPlanWith('apiAccess') });
      }
      const caller: KeyCaller = {
        keyId: row.key_id,
        scopes: row.scopes,
        limits: apiLimitsOf(plan),
        user: {
          id: row.user_id,
          email: row.email,
          emailVerified: row.email_verified,
          createdAt: new Date(row.user_created_at),
          // A key is a plain member of its one workspace: it never manages it, and never acts as a super admin.
          isSuperAdmin: false,
          workspace: { id: row.workspace_id, kind: row.workspace_kind, role: 'member' },
          memberships: new Map([[row.workspace_id, 'member' as const]]),
          apiKey: { id: row.key_id, scopes: row.scopes },
        },
      };
      return caller;
    },

    async countRequest(caller, reply) {
      if (deps.limitsDisabled) return;
      const { limits } = caller;
      const perKey = limits.requestsPerMinutePerKey * scale;
      const perWorkspace = limits.requestsPerMinutePerWorkspace * scale;
      const rows = await queryRows<{ key: string; count: number; reset_at: string | Date }>(
        db,
        sql`insert into rate_limits (key, count, reset_at)
            values (${`api:key:${caller.keyId}`}, 1, now() + make_interval(secs => ${WINDOW_SECONDS})),
                   (${`api:workspace:${caller.user.workspace.id}`}, 1, now() + make_interval(secs => ${WINDOW_SECONDS}))
            on conflict (key) do update set
              count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
              reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
            returning key, count, reset_at`,
      );
      const state = (prefix: string, quota: number) => {
        const row = rows.find((r) => r.key.startsWith(prefix))!;
        const reset = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
        return { quota, used: row.count, remaining: Math.max(0, quota - row.count), reset };
      };
      const key = state('api:key:', perKey);
      const workspace = state('api:workspace:', perWorkspace);
      // draft-ietf-httpapi-ratelimit-headers: both policies, and the one closest to its limit.
      reply.header('RateLimit-Policy', `"key";q=${perKey};w=${WINDOW_SECONDS}, "workspace";q=${perWorkspace};w=${WINDOW_SECONDS}`);
      const tighter = workspace.remaining < key.remaining ? { name: 'workspace', ...workspace } : { name: 'key', ...key };
      reply.header('RateLimit', `"${tighter.name}";r=${tighter.remaining};t=${tighter.reset}`);
      const refused = [key, workspace].filter((s) => s.used > s.quota);
      if (refused.length > 0) {
        const retryAfter = Math.max(...refused.map((s) => s.reset));
        throw new AppError('RATE_LIMITED', apiKeyMessages.tooManyRequests(retryAfter), { retryAfter });
      }
    },

    async checkRunning(caller) {
      const { limits } = caller;
      const [row] = await queryRows<{ running: number }>(
        db,
        sql`select count(*)::int as running from generation_jobs
            where workspace_id = ${caller.user.workspace.id} and status in ('waiting', 'queued', 'running') and batch_item_id is null`,
      );
      if ((row?.running ?? 0) >= limits.runningGenerations) {
        throw new AppError('RATE_LIMITED', apiKeyMessages.tooManyRunning(limits.runningGenerations), { retryAfter: 5 });
      }
    },
  };
}
