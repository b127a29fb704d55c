import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '#contracts/api-keys.ts';

/** 32 random bytes (256 bits): unguessable, so a plain SHA-256 is a safe way to keep it. */
const SECRET_BYTES = 32;

export interface NewSecret {
  secret: string;
  prefix: string;
  hash: string;
}

export function newApiKeySecret(): NewSecret {
  const secret = API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
  return { secret, prefix: secret.slice(0, API_KEY_SHOWN_LENGTH), hash: hashApiKeySecret(secret) };
}

export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The shape of a Klipt secret: anything else is refused without a database read. */
const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
export function looksLikeApiKey(value: string): boolean {
  return SECRET_PATTERN.test(value);
}
