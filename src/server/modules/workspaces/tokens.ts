import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '#contracts/workspace-kinds.ts';

/** An invitation link's secret: 32 random bytes, base64url. Only its hash is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** When a link sent now stops working. */
export function invitationExpiry(now = new Date()): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
}
