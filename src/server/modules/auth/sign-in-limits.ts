import { sql } from 'drizzle-orm';
import { genericMessages } from '../../../contracts/errors.ts';
import { authRateLimits } from '../../../contracts/limits.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { RateRule } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/app-error.ts';
import type { KnownDevices } from './known-device.ts';

export interface SignInAttempt {
  /** The password was right: this attempt is not a failure, and the browser becomes a known device. */
  succeeded(): Promise<{ setCookie: string }>;
}

export interface SignInLimits {
  /**
   * Counts one attempt at the account as a failure before the password is checked (so parallel
   * guesses cannot slip past a limit); throws RATE_LIMITED (429) when a limit is spent.
   */
  begin(attempt: { email: string; ip: string; cookieHeader: string | undefined }): Promise<SignInAttempt>;
}

const limits = authRateLimits;

/**
 * Failed sign-ins, counted so that strangers cannot lock the owner out
 * (docs/operations.md#sign-in-and-account-limits):
 * - from an unknown device: per account + address (tight), and per account across all addresses
 *   (the ceiling that bounds a distributed guesser);
 * - from a known device of the account: per account + device only, so the owner still signs in
 *   while strangers have spent the ceiling.
 * The per-address limit over all accounts (`sign-in:ip`) is the route's, counted on every attempt.
 * Counters share the `rate_limits` table (and its hourly pruning) with the other limits.
 */
export function createSignInLimits(db: Db, options: { devices: KnownDevices; disabled?: boolean; scale?: number }): SignInLimits {
  const scale = options.scale ?? 1;

  const fail = async (rule: RateRule, subject: string) => {
    const key = `${rule.name}:${subject}`;
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
    if (row && row.count > rule.max * scale) {
      const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
      throw new AppError('RATE_LIMITED', genericMessages.tryAgainIn(formatWait(retryAfter)), { retryAfter });
    }
  };
  /** Takes this attempt back off a counter (it was not a failure after all). */
  const forgive = (rule: RateRule, subject: string) =>
    db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${`${rule.name}:${subject}`}`);
  /** The owner got in from here: earlier typos from this address or device no longer count. */
  const clear = (rule: RateRule, subject: string) => db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`}`);

  return {
    async begin({ email, ip, cookieHeader }) {
      const account = email.trim().toLowerCase();
      const deviceId = options.devices.read(cookieHeader, account);
      const issue = () => ({ setCookie: options.devices.issue(account, deviceId) });
      if (options.disabled) return { succeeded: async () => issue() };

      if (deviceId) {
        await fail(limits.signInDevice, `${account}|${deviceId}`);
        return {
          async succeeded() {
            await clear(limits.signInDevice, `${account}|${deviceId}`);
            return issue();
          },
        };
      }
      await fail(limits.signInAccountIp, `${account}|${ip}`);
      await fail(limits.signInAccount, account);
      return {
        async succeeded() {
          await clear(limits.signInAccountIp, `${account}|${ip}`);
          await forgive(limits.signInAccount, account);
          return issue();
        },
      };
    },
  };
}

function formatWait(seconds: number): string {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
