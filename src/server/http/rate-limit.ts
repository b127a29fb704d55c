import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { queryRows, type Db } from '../db/client.ts';
import { genericMessages } from '#contracts/errors.ts';
import { defineTask } from '../jobs/job.ts';
import { AppError } from '../lib/app-error.ts';

export interface RateRule {
  /** Names the limit, e.g. 'waitlist:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit; throws RATE_LIMITED (429) once the window's budget is spent. */
  hit(rule: RateRule, subject: string, message?: WaitMessage): Promise<void>;
  /** A product rule with the same mechanics (e.g. the resend cooldown): never switched off. */
  cooldown(rule: RateRule, subject: string, message?: WaitMessage): Promise<void>;
  /** Deletes expired windows (bookkeeping only). */
  prune(): Promise<void>;
}

type WaitMessage = string | ((retryAfterSeconds: number) => string);

/**
 * Fixed-window counters in the database, so every API instance shares them. One upsert per hit:
 * a new window starts when the old one has expired.
 */
export function createRateLimiter(db: Db, options: { disabled?: boolean; scale?: number } = {}): RateLimiter {
  const count = (rule: RateRule, subject: string, message?: WaitMessage) =>
    countHit(db, `${rule.name}:${subject.toLowerCase()}`, rule, message);
  return {
    async hit(rule, subject, message) {
      if (!options.disabled) await count({ ...rule, max: rule.max * (options.scale ?? 1) }, subject, message);
    },
    cooldown: count,
    async prune() {
      await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
    },
  };
}

/**
 * One hit on the fixed-window counter `key`, one upsert: a new window starts when the old one has
 * expired. Throws RATE_LIMITED (429, with Retry-After) once more than `rule.max` hits fell in it.
 */
export async function countHit(db: Db, key: string, rule: Omit<RateRule, 'name'>, message?: WaitMessage): Promise<void> {
  const [row] = await queryRows<{ count: number; reset_at: string | Date }>(
    db,
    sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, reset_at`,
  );
  if (row && row.count > rule.max) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
    const text = typeof message === 'function' ? message(retryAfter) : (message ?? genericMessages.tryAgainIn(formatWait(retryAfter)));
    throw new AppError('RATE_LIMITED', text, { retryAfter });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The client address as Fastify resolved it (honours TRUST_PROXY). */
export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

/** Expired windows are only bookkeeping: cleared hourly by the workers. */
export const pruneRateLimitsTask = defineTask({
  name: 'prune-rate-limits',
  everySeconds: 3_600,
  run: ({ rateLimiter }: { rateLimiter: Pick<RateLimiter, 'prune'> }) => rateLimiter.prune(),
});
