import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';

export interface StoredCredential {
  userId: string;
  emailVerified: boolean;
  /** The password hash as stored (salt:key); it changes whenever the password is set. */
  passwordHash: string | null;
}

/** The email + password credential of the account with this address, if there is one. */
export async function findCredentialByEmail(db: DbOrTx, email: string): Promise<StoredCredential | undefined> {
  const [row] = await db
    .select({ userId: users.id, emailVerified: users.emailVerified, passwordHash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** The stored password hash of a user, or undefined without an email + password credential. */
export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return row?.password ?? undefined;
}
