import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { authMessages } from '../../../contracts/auth.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contracts/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { passwordResetEmail, verificationEmail } from '../mail/templates.ts';
import { findWaitlistEntryByEmail } from '../waitlist/repo.ts';
import { isPlusAddressAllowed } from './email-rules.ts';

export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

export interface AuthDeps {
  config: Config;
  db: Db;
  jobs: JobQueue;
  logger: Logger;
  /** Runs once a user row exists (profile, welcome credits). */
  onUserCreated: (user: { id: string; email: string }) => Promise<void>;
}

export function createAuth(deps: AuthDeps) {
  const { config } = deps;
  return betterAuth({
    appName: 'Klipt',
    baseURL: `${config.appUrl}/api/auth`,
    secret: config.sessionSecret ?? '',
    trustedOrigins: [new URL(config.appUrl).origin],
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        if (level === 'error') deps.logger.error({ args }, `auth: ${message}`);
        else deps.logger.warn({ args }, `auth: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      // Unconfirmed users may sign in; the app confines them to /auth/verify-email.
      requireEmailVerification: false,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await deps.jobs.send(sendEmailJob, passwordResetEmail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await deps.jobs.send(sendEmailJob, verificationEmail(user.email, url));
      },
    },
    user: {
      // Runs on every path that creates a user, so no route can skip these rules.
      validateUserInfo: async ({ user, source }): Promise<{ error: string; errorDescription: string } | undefined> => {
        if (source.action !== 'create-user') return undefined;
        const email = (user.email ?? '').toLowerCase();
        if (!isPlusAddressAllowed(email, config.plusEmailAllowlist)) {
          return { error: 'PLUS_EMAIL_NOT_ALLOWED', errorDescription: authMessages.plusEmail };
        }
        if (config.registrationMode === 'waitlist') {
          const entry = await findWaitlistEntryByEmail(deps.db, email);
          if (entry?.status !== 'approved') return { error: 'SIGN_UP_CLOSED', errorDescription: authMessages.signUpClosed };
        }
        return undefined;
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Every request reads the session row, so a sign-out or a password reset takes effect at once.
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await deps.onUserCreated({ id: user.id, email: user.email });
          },
        },
      },
    },
    // Klipt's own limiter (shared through the database) guards these routes.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'klipt',
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    // Only what Klipt uses is reachable over HTTP.
    disabledPaths: [
      '/update-user',
      '/change-email',
      '/delete-user',
      '/delete-user/callback',
      '/sign-in/social',
      '/link-social',
      '/unlink-account',
      '/list-accounts',
      '/account-info',
      '/get-access-token',
      '/refresh-token',
      '/send-verification-email',
      '/update-session',
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
