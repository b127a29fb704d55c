import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// better-auth's scrypt parameters and format (`<salt hex>:<key hex>`, the salt's text used as the
// salt, the password NFKC-normalised): hashes made by either side verify on the other.
const N = 16384;
const r = 16;
const p = 1;
const KEY_BYTES = 64;
const maxmem = 128 * N * r * 2;

/** node:crypto's asynchronous scrypt runs on libuv's thread pool, never on the event loop. */
function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The hash better-auth stores for a new password (sign-up, reset, the admin tools). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await derive(password, salt)).toString('hex')}`;
}

/** Whether `password` is the one `hash` was made from; a stored value that is not a hash never matches. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key, ...rest] = hash.split(':');
  if (!salt || !key || rest.length > 0 || !/^[0-9a-f]+$/i.test(key)) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
