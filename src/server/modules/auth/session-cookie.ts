import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookieValue } from './cookie-value.ts';

/**
 * The session token in better-auth's signed session cookie, checked as better-call checks it
 * (better-call 1.4 `getSignedCookie`): the value is `<token>.<base64 HMAC-SHA256 of the token with
 * the auth secret>`, URL-encoded; the first cookie of that name counts. Undefined when the cookie is
 * missing or its signature is wrong, so a forged cookie never reaches the database.
 */
export function signedSessionToken(cookieHeader: string | undefined, name: string, secret: string): string | undefined {
  const raw = cookieValue(cookieHeader, name);
  if (raw === undefined) return undefined;
  const value = decoded(raw.startsWith('"') ? raw.slice(1, -1) : raw);
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

function decoded(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}
