import { sql } from 'drizzle-orm';
import { authRateLimits } from '#contracts/limits.ts';
import type { Db } from '../../db/client.ts';
import { countHit, type RateRule } from '../../http/rate-limit.ts';
import type { KnownDevices } from './known-device.ts';

export interface SignInAttempt {
  /** The password was right: this attempt is not a failure, and the browser becomes a known device. */
  succeeded(): Promise<{ setCookie: string }>;
}

export interface SignInLimits {
  /**
   * The owner signed in with an emailed link: earlier typos from this address no longer count, and
   * the browser becomes (or stays) a known device of the account. Returns its Set-Cookie line.
   */
  signedInByLink(visit: { email: string; ip: string; cookieHeader: string | undefined }): Promise<{ setCookie: string }>;
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

  const fail = (rule: RateRule, subject: string) => countHit(db, `${rule.name}:${subject}`, { ...rule, max: rule.max * scale });
  /** Takes this attempt back off a counter (it was not a failure after all). */
  const forgive = (rule: RateRule, subject: string) =>
    db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${`${rule.name}:${subject}`}`);
  /** The owner got in from here: earlier typos from this address or device no longer count. */
  const clear = (rule: RateRule, subject: string) => db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`}`);

  return {
    async signedInByLink({ email, ip, cookieHeader }) {
      const account = email.trim().toLowerCase();
      if (!options.disabled) await clear(limits.signInAccountIp, `${account}|${ip}`);
      return { setCookie: options.devices.issue(account, options.devices.read(cookieHeader, account)) };
    },
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
