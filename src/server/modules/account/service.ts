import { ledgerMessages } from '#contracts/credits.ts';
import { authMessages } from '#contracts/auth.ts';
import type { Me } from '#contracts/profile.ts';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { signUpEntry } from '../activity/account-entries.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { bookOnce, getBalance } from '../credits/ledger.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import type { ProfileService } from '../profiles/service.ts';

/** An account being set up; `created` when it was made just now (a sign-up, or an admin's tools). */
export interface AccountToSetUp {
  id: string;
  email: string;
  created?: boolean;
}

export interface AccountService {
  /**
   * Everything a new account gets, exactly once: its profile and the welcome credits. A `created`
   * account's sign-up is logged; set-up repeated later (a repair) logs nothing.
   */
  setUp(user: AccountToSetUp): Promise<void>;
  me(user: SignedInUser): Promise<Me>;
  /** Sends the verification email again to a user whose address is not confirmed yet. */
  resendVerification(user: SignedInUser): Promise<void>;
}

export function createAccountService(deps: {
  db: Db;
  profiles: ProfileService;
  welcomeCredits: number;
  sendVerificationEmail: (email: string) => Promise<unknown>;
  recordActivity: ActivityRecorder;
}): AccountService {
  // The grant comes first: an account with a profile has had its welcome credits booked.
  const setUp = async (user: AccountToSetUp) => {
    // Logged first: the account exists whether or not the rest of its set-up succeeds now.
    if (user.created) await deps.recordActivity(signUpEntry(user));
    if (deps.welcomeCredits > 0) {
      // Welcome credits are the account's own: they go to its personal workspace.
      await bookOnce(deps.db, {
        workspaceId: await personalWorkspaceId(deps.db, user.id),
        userId: user.id,
        amount: deps.welcomeCredits,
        type: 'grant',
        reference: `welcome:${user.id}`,
        description: ledgerMessages.welcome,
      });
    }
    await deps.profiles.get(user.id, user.email);
  };
  return {
    setUp,
    async me(user) {
      // Read on every page load: it writes only to repair an account whose set-up was interrupted.
      let profile = await deps.profiles.find(user.id);
      if (!profile) {
        await setUp(user);
        profile = await deps.profiles.get(user.id, user.email);
      }
      const credits = await getBalance(deps.db, user.workspace.id);
      return {
        user: { id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: user.createdAt.toISOString() },
        profile,
        isSuperAdmin: user.isSuperAdmin,
        credits,
      };
    },
    async resendVerification(user) {
      if (user.emailVerified) throw new AppError('CONFLICT', authMessages.alreadyVerified);
      await deps.sendVerificationEmail(user.email);
    },
  };
}
