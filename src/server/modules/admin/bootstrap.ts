import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { ensureVerifiedUser, type EnsuredUser } from '../auth/users.ts';
import { anySuperAdminExists, grantSuperAdmin } from '../roles/repo.ts';

export interface SuperAdminResult {
  userId: string;
  email: string;
  created: boolean;
}

/** Creates a verified super admin, or promotes the existing account with that email (password unchanged). */
export async function makeSuperAdmin(
  db: Db,
  email: string,
  password: string,
  /** Given the account with `created` set when it was made just now (its sign-up is logged). */
  setUp: (user: EnsuredUser) => Promise<void>,
): Promise<SuperAdminResult> {
  const user = await ensureVerifiedUser(db, email, password);
  await grantSuperAdmin(db, user.id);
  await setUp(user);
  return { userId: user.id, email: user.email, created: user.created };
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: a first super admin at start, only while none exists. */
export async function bootstrapSuperAdmin(
  db: Db,
  options: {
    email: string | undefined;
    password: string | undefined;
    logger: Logger;
    setUp: (user: EnsuredUser) => Promise<void>;
  },
): Promise<void> {
  if (!options.email || !options.password) return;
  if (await anySuperAdminExists(db)) return;
  const result = await makeSuperAdmin(db, options.email, options.password, options.setUp);
  options.logger.info({ email: result.email, created: result.created }, 'first super admin set up from ADMIN_EMAIL');
}
