import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { authMessages, PASSWORD_MAX, PASSWORD_MIN } from '#contracts/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { existingAccountEmail, passwordResetEmail, verificationEmail } from '../mail/templates.ts';
import { kliptAuthPlugin, kliptEndpointPaths, PASSWORD_CHOICE_REQUIRED } from './auth-plugin.ts';
import { findPasswordHash } from './credentials.ts';
import { resendVerificationJob } from './jobs.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { VERIFICATION_LINK_SECONDS, type PendingSignUps } from './pending-sign-up.ts';
import { registrationRefusal } from './registration.ts';

export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/**
 * better-auth 1.7's endpoints that Klipt does not serve over HTTP (auth-bridge.ts lists those it
 * does). `/get-session` and `/list-sessions` would put the session token in a body scripts can read;
 * Klipt's own GET /api/session answers who is signed in. `/callback/:id` is a pattern (social sign-in,
 * not configured) and has no route either.
 */
export const unusedEndpoints = [
  '/get-session',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/update-session',
  '/change-password',
  '/verify-password',
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
  '/request-password-reset',
  '/ok',
  '/error',
] as const;

export interface AuthDeps {
  config: Config;
  db: Db;
  jobs: JobQueue;
  logger: Logger;
  /** The cookie of the browser that signed up: the verification link confirms at once only with it. */
  pendingSignUps: Pick<PendingSignUps, 'holds'>;
  /** Runs once a user row exists (profile, welcome credits). */
  onUserCreated: (user: { id: string; email: string }) => Promise<void>;
  /** Runs once a user has followed the emailed link and their address is confirmed. */
  onEmailVerified: (user: { id: string; email: string }) => Promise<void>;
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
      // Sign-up never signs in: a session for an address that already has an account would tell a
      // stranger it exists. The emailed link signs the new user in (autoSignInAfterVerification), and
      // the owner of an existing account gets a notice instead (docs/product-rules.md#accounts).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        // An unconfirmed account may hold a password someone else chose: its address's owner gets a
        // new link, which lets them choose the password when they confirm (ADR 0019).
        if (!user.emailVerified) await deps.jobs.send(resendVerificationJob, { email: user.email });
        else await deps.jobs.send(sendEmailJob, existingAccountEmail(user.email, deps.config.appUrl));
      },
      // Its own format on node:crypto's thread-pool scrypt, whatever implementation better-auth's
      // export conditions would pick: hashing never runs on the event loop.
      password: { hash: hashPassword, verify: verifyPassword },
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
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await deps.jobs.send(sendEmailJob, verificationEmail(user.email, url));
      },
      // The link alone confirms only in the browser that signed up with the account's current password
      // (its pending sign-up cookie); anywhere else the owner chooses the password first (ADR 0019).
      beforeEmailVerification: async (user, request) => {
        const passwordHash = await findPasswordHash(deps.db, user.id);
        const cookie = request?.headers.get('cookie') ?? undefined;
        if (passwordHash !== undefined && deps.pendingSignUps.holds(cookie, { userId: user.id, passwordHash })) return;
        throw new APIError('FORBIDDEN', { code: PASSWORD_CHOICE_REQUIRED, message: authMessages.passwordChoiceRequired });
      },
      // Called only when the link turns an unconfirmed address into a confirmed one, after the write.
      afterEmailVerification: async (user) => {
        await deps.onEmailVerified({ id: user.id, email: user.email });
      },
    },
    user: {
      // Runs on every path that creates a user, so no route can skip these rules. A refusal here would
      // read as success on sign-up (better-auth answers as for an existing address), so the sign-up
      // route asks registrationRefusal first, to tell the visitor why.
      validateUserInfo: async ({ user, source }): Promise<{ error: string; errorDescription: string } | undefined> => {
        if (source.action !== 'create-user') return undefined;
        const refusal = await registrationRefusal(deps, user.email ?? '');
        return refusal ? { error: refusal.code, errorDescription: refusal.message } : undefined;
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
    // Defence in depth behind the bridge's own routes (auth-bridge.ts): every better-auth endpoint
    // Klipt does not serve answers 404 even if a request reached the handler. auth.api calls on the
    // server (sessions, resend, the reset job) are not HTTP and keep working.
    disabledPaths: [...unusedEndpoints, ...kliptEndpointPaths],
    plugins: [kliptAuthPlugin()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
