import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Secrets kept in the database (store access tokens) sealed with AES-256-GCM: a fresh 96-bit IV
 * per value, the tag checked on opening, so a changed or swapped value fails instead of decrypting
 * to garbage. `context` (the connection's workspace) is bound in as associated data: a token copied
 * to another row does not open there.
 */
export interface TokenCipher {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export class TokenCipherError extends Error {
  constructor() {
    super('A stored token could not be decrypted: the key (STORE_TOKEN_KEY or DATA_DIR/secrets.json) changed, or the value was altered.');
    this.name = 'TokenCipherError';
  }
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The store token key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new TokenCipherError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenCipherError();
      }
    },
  };
}
