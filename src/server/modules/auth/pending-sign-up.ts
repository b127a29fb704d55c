import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from './cookie-value.ts';

/** How long the verification link works, and so how long the browser that signed up is remembered. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

const COOKIE = 'klipt.pending_sign_up';

/** The account a sign-up created and the password hash it stored. */
export interface PendingBinding {
  userId: string;
  passwordHash: string;
}

export interface PendingSignUps {
  /**
   * The Set-Cookie line for the browser that just signed up: bound to the new account and to the
   * password hash it stored. Without a binding (the address already had an account) the value has
   * the same shape and length but is bound to nothing, so the answer does not tell the two apart.
   */
  issue(binding: PendingBinding | undefined): string;
  /** Whether this Cookie header holds the pending sign-up of this account with this very password hash. */
  holds(cookieHeader: string | undefined, binding: PendingBinding): boolean;
  /** The Set-Cookie line that removes it. */
  clear(): string;
}

/**
 * The "pending sign-up" cookie (ADR 0019): proof that this browser chose the account's current
 * password. The verification link confirms the address at once only where this cookie is; anywhere
 * else the address's owner chooses the password first, so a password set by someone who signed up
 * with another person's address never survives the confirmation. Keyed by the session secret; holds
 * no personal data (a time and a signature).
 */
export function createPendingSignUps(options: { secret: string; https: boolean; now?: () => number }): PendingSignUps {
  const key = createHmac('sha256', options.secret).update('klipt pending-sign-up v1').digest();
  const name = options.https ? `__Secure-${COOKIE}` : COOKIE;
  const now = options.now ?? Date.now;
  const sign = (binding: PendingBinding, issuedAt: string) =>
    createHmac('sha256', key).update(`${binding.userId}|${binding.passwordHash}|${issuedAt}`).digest('base64url');
  // The verification link is an emailed GET from another site: SameSite=Lax lets the cookie ride along.
  const attributes = `Path=/api/auth; HttpOnly; SameSite=Lax${options.https ? '; Secure' : ''}`;

  return {
    issue(binding) {
      const issuedAt = String(Math.floor(now() / 1000));
      const signature = binding ? sign(binding, issuedAt) : randomBytes(32).toString('base64url');
      return `${name}=${issuedAt}.${signature}; Max-Age=${VERIFICATION_LINK_SECONDS}; ${attributes}`;
    },
    holds(cookieHeader, binding) {
      const [issuedAt, signature, ...rest] = (cookieValue(cookieHeader, name) ?? '').split('.');
      if (!issuedAt || !signature || rest.length > 0 || !/^\d{1,12}$/.test(issuedAt)) return false;
      const age = Math.floor(now() / 1000) - Number(issuedAt);
      if (age < 0 || age > VERIFICATION_LINK_SECONDS) return false;
      const expected = Buffer.from(sign(binding, issuedAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    clear() {
      return `${name}=; Max-Age=0; ${attributes}`;
    },
  };
}
