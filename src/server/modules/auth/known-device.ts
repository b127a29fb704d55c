import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from './cookie-value.ts';

/** How long a browser stays a known device of the account it last signed in to. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const COOKIE = 'klipt.known_device';

export interface KnownDevices {
  /** The device id of a valid cookie issued to this account (email), or undefined. */
  read(cookieHeader: string | undefined, email: string): string | undefined;
  /** The Set-Cookie line that marks this browser as a known device of the account (email). */
  issue(email: string, deviceId?: string): string;
}

/**
 * A browser that signed in to an account with its password gets an httpOnly cookie, signed with a
 * key derived from the session secret and bound to that account's email, that makes it a "known
 * device" of the account the next time (docs/operations.md#sign-in-and-account-limits). It holds
 * no personal data: a random device id, when it was issued and the signature.
 */
export function createKnownDevices(options: { secret: string; https: boolean; now?: () => number }): KnownDevices {
  const key = createHmac('sha256', options.secret).update('klipt known-device v1').digest();
  const name = options.https ? `__Secure-${COOKIE}` : COOKIE;
  const now = options.now ?? Date.now;
  const sign = (email: string, deviceId: string, issuedAt: string) =>
    createHmac('sha256', key).update(`${email.trim().toLowerCase()}|${deviceId}|${issuedAt}`).digest('base64url');

  return {
    read(cookieHeader, email) {
      const value = cookieValue(cookieHeader, name);
      const [deviceId, issuedAt, signature, ...rest] = (value ?? '').split('.');
      if (!deviceId || !issuedAt || !signature || rest.length > 0 || !/^\d{1,12}$/.test(issuedAt)) return undefined;
      const age = Math.floor(now() / 1000) - Number(issuedAt);
      if (age < 0 || age > KNOWN_DEVICE_MAX_AGE_SECONDS) return undefined;
      const expected = Buffer.from(sign(email, deviceId, issuedAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : undefined;
    },
    issue(email, deviceId = randomBytes(12).toString('base64url')) {
      const issuedAt = String(Math.floor(now() / 1000));
      const value = `${deviceId}.${issuedAt}.${sign(email, deviceId, issuedAt)}`;
      // Only the sign-in endpoints need it: Path=/api/auth, never sent cross-site.
      return `${name}=${value}; Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}; Path=/api/auth; HttpOnly; SameSite=Strict${options.https ? '; Secure' : ''}`;
    },
  };
}
