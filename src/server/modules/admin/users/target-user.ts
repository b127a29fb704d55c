import { eq } from 'drizzle-orm';
import { adminUserMessages } from '#contracts/admin-users.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';

export interface TargetUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The user an admin action is about; 404 when there is none. */
export async function findTargetUser(db: DbOrTx, id: string): Promise<TargetUser> {
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw new AppError('NOT_FOUND', adminUserMessages.notFound);
  return user;
}
