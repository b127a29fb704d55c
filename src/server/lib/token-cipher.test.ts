import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, TokenCipherError } from './token-cipher.ts';

describe('token cipher (AES-256-GCM)', () => {
  const cipher = createTokenCipher(randomBytes(32));
  const token = 'shpat_0123456789abcdef0123456789abcdef';

  it('opens what it sealed, and holds no part of the token in the sealed value', () => {
    const sealed = cipher.seal(token, 'workspace-a');
    expect(cipher.open(sealed, 'workspace-a')).toBe(token);
    expect(sealed).not.toContain('shpat_');
    expect(sealed).not.toContain(token.slice(6, 20));
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('utf8')).not.toContain('0123456789');
  });

  it('seals the same token differently each time (a fresh IV)', () => {
    expect(cipher.seal(token, 'w')).not.toBe(cipher.seal(token, 'w'));
  });

  it('refuses an altered value, another context, or another key', () => {
    const sealed = cipher.seal(token, 'workspace-a');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    const altered = [...parts.slice(0, 3), data.toString('base64url')].join('.');
    expect(() => cipher.open(altered, 'workspace-a')).toThrow(TokenCipherError);
    expect(() => cipher.open(sealed, 'workspace-b')).toThrow(TokenCipherError);
    expect(() => createTokenCipher(randomBytes(32)).open(sealed, 'workspace-a')).toThrow(TokenCipherError);
    expect(() => cipher.open('v1.bad', 'workspace-a')).toThrow(TokenCipherError);
  });

  it('takes only a 32-byte key', () => {
    expect(() => createTokenCipher(randomBytes(16))).toThrow('The store token key must be 32 bytes');
  });
});
