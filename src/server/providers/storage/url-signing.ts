import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiry of a signed URL issued now: rounded so that every URL of one file issued within the same
 * step is the same URL (browsers keep it cached), and always at least `ttl - step` seconds away.
 */
export function signedUrlExpiry(nowMs: number, ttlSeconds: number): { expiresAt: number; signedAt: number } {
  const step = Math.min(300, Math.floor(ttlSeconds / 3));
  const signedAt = Math.floor(nowMs / 1000 / step) * step;
  return { signedAt, expiresAt: signedAt + ttlSeconds };
}

/** The session secret, which main.ts and the commands load before anything signs with it. */
export function requireSessionSecret(config: { sessionSecret: string | undefined }): string {
  if (!config.sessionSecret) throw new Error('the session secret must be loaded before files can be signed');
  return config.sessionSecret;
}

/** The key that signs /files URLs, derived from the session secret every instance shares. */
export function mediaSigningKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('klipt media urls v1').digest();
}

function signature(signingKey: Buffer, key: string, expiresAt: number): string {
  return createHmac('sha256', signingKey).update(`${key}\n${expiresAt}`).digest('base64url');
}

/** The query string of a signed /files URL. */
export function signLocalFile(signingKey: Buffer, key: string, expiresAt: number): string {
  return `expires=${expiresAt}&signature=${signature(signingKey, key, expiresAt)}`;
}

export type SignedUrlCheck = 'valid' | 'expired' | 'invalid';

/** Checks a /files URL's `expires` and `signature` against the key it names. */
export function checkLocalFileSignature(
  signingKey: Buffer,
  key: string,
  query: { expires?: string | undefined; signature?: string | undefined },
  nowMs: number,
): SignedUrlCheck {
  const expiresAt = Number(query.expires);
  if (!query.signature || !/^\d{1,12}$/.test(query.expires ?? '')) return 'invalid';
  const expected = Buffer.from(signature(signingKey, key, expiresAt));
  const given = Buffer.from(query.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expiresAt * 1000 <= nowMs ? 'expired' : 'valid';
}
