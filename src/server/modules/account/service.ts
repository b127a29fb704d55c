import type { Me } from '../../../contracts/profile.ts';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../auth/session-guard.ts';
import { bookOnce, getBalance } from '../credits/ledger.ts';
import type { ProfileService } from '../profiles/service.ts';
import { isSuperAdmin } from '../roles/repo.ts';

export interface AccountService {
  /** Everything a new account gets, exactly once: its profile and the welcome credits. */
  setUp(user: { id: string; email: string }): Promise<void>;
  me(user: SignedInUser): Promise<Me>;
}

export function createAccountService(deps: { db: Db; profiles: ProfileService; welcomeCredits: number }): AccountService {
  const setUp = async (user: { id: string; email: string }) => {
    await deps.profiles.ensure(user.id, user.email);
    if (deps.welcomeCredits > 0) {
      await bookOnce(deps.db, {
        userId: user.id,
        amount: deps.welcomeCredits,
        type: 'grant',
        reference: `welcome:${user.id}`,
        description: 'Welcome credits',
      });
    }
  };
  return {
    setUp,
    async me(user) {
      // Idempotent: repairs an account whose set-up was interrupted.
      await setUp(user);
      const [profile, admin, credits] = await Promise.all([
        deps.profiles.get(user.id, user.email),
        isSuperAdmin(deps.db, user.id),
        getBalance(deps.db, user.id),
      ]);
      return {
        user: { id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: user.createdAt.toISOString() },
        profile,
        isSuperAdmin: admin,
        credits,
      };
    },
  };
}
