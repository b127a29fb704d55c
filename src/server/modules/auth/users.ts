import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { defaultDisplayName } from '../profiles/service.ts';
import { hashPassword } from './password-hash.ts';

export interface EnsuredUser {
  id: string;
  email: string;
  created: boolean;
}

/**
 * Creates a verified email + password account; an existing account is marked verified and keeps its
 * password. Used by the admin screen, `npm run admin:create` and the ADMIN_EMAIL bootstrap; the
 * password is hashed by better-auth like any other.
 */
export async function ensureVerifiedUser(db: Db, email: string, password: string): Promise<EnsuredUser> {
  const normalized = email.trim().toLowerCase();
  // The hash better-auth is configured with for sign-up (auth.ts).
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalized)).limit(1);
    if (existing) {
      await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      return { id: existing.id, email: normalized, created: false };
    }
    const id = randomUUID();
    await tx.insert(users).values({ id, email: normalized, name: defaultDisplayName(normalized), emailVerified: true });
    await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    return { id, email: normalized, created: true };
  });
}
