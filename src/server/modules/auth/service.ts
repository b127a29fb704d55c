import { randomBytes } from 'node:crypto';
import { SIGN_IN_LINK_MINUTES } from '#contracts/auth.ts';
import { paths } from '#contracts/paths.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Auth } from './auth.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { signInLinkEmail } from '../mail/templates.ts';
import { signInLinkIdentifier, verificationLinkTarget } from './auth-plugin.ts';
import { findCredentialByEmail, type StoredCredential } from './credentials.ts';
import { requestPasswordResetJob, resendVerificationJob, sendSignInLinkJob } from './jobs.ts';
import { createKnownDevices } from './known-device.ts';
import type { PendingSignUps } from './pending-sign-up.ts';
import { registrationRefusal, type RegistrationRefusal } from './registration.ts';
import { createSignInLimits, type SignInLimits } from './sign-in-limits.ts';
import { createSignUpBudget, type SignUpBudget } from './sign-up-budget.ts';

/** Klipt's rules around better-auth's endpoints: who may register, sign-in limits, reset and resend by email. */
export interface AuthFlows {
  signInLimits: SignInLimits;
  /** Sign-ups and verification emails sent again, from all addresses together. */
  signUpBudget: SignUpBudget;
  /** The cookie that lets the verification link confirm at once in the browser that signed up (ADR 0019). */
  pendingSignUps: PendingSignUps;
  /** The account with this address and its stored password hash, if there is one. */
  credentialOf(email: string): Promise<StoredCredential | undefined>;
  /** The address a live verification link was made for, else undefined. */
  verificationLinkEmail(token: string): Promise<string | undefined>;
  /** Ends one session by its token (a sign-in that lost a race with a password change). */
  revokeSession(token: string): Promise<void>;
  /** Why this address may not register; depends on the address alone (docs/product-rules.md#accounts). */
  registrationRefusal(email: string): Promise<RegistrationRefusal | undefined>;
  /** The email of the account a live reset token belongs to (for the password rules), else undefined. */
  resetTokenEmail(token: string): Promise<string | undefined>;
  /** Queues the reset email; the job does the lookup, so the request does the same work for any address. */
  queuePasswordReset(email: string): Promise<void>;
  /** Queues a new verification link; the job sends it only to an account waiting for confirmation. */
  queueVerification(email: string): Promise<void>;
  /** Queues an emailed sign-in link; the job sends it only to a confirmed account. */
  queueSignInLink(email: string): Promise<void>;
  /** The jobs' work. */
  sendPasswordReset(email: string): Promise<void>;
  sendVerification(email: string): Promise<void>;
  sendSignInLink(email: string): Promise<void>;
}

export function createAuthFlows(deps: {
  db: Db;
  config: Config;
  auth: Auth;
  jobs: JobQueue;
  pendingSignUps: PendingSignUps;
  rateLimitsDisabled: boolean;
}): AuthFlows {
  const { db, config, auth, jobs } = deps;
  const devices = createKnownDevices({ secret: config.sessionSecret ?? '', https: config.appUrl.startsWith('https://') });
  return {
    signInLimits: createSignInLimits(db, { devices, disabled: deps.rateLimitsDisabled, scale: config.rateLimitScale }),
    signUpBudget: createSignUpBudget(db, {
      perWindow: config.signUpBudget,
      scale: config.rateLimitScale,
      disabled: deps.rateLimitsDisabled,
    }),
    pendingSignUps: deps.pendingSignUps,
    credentialOf: (email) => findCredentialByEmail(db, email),
    async verificationLinkEmail(token) {
      return (await verificationLinkTarget(token, (await auth.$context).secret))?.email;
    },
    async revokeSession(token) {
      await (await auth.$context).internalAdapter.deleteSession(token);
    },
    registrationRefusal: (email) => registrationRefusal({ db, config }, email),
    async resetTokenEmail(token) {
      const context = await auth.$context;
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!verification || verification.expiresAt < new Date()) return undefined;
      const user = await context.internalAdapter.findUserById(verification.value);
      return user?.email;
    },
    async queuePasswordReset(email) {
      await jobs.send(requestPasswordResetJob, { email });
    },
    async queueVerification(email) {
      await jobs.send(resendVerificationJob, { email });
    },
    async queueSignInLink(email) {
      await jobs.send(sendSignInLinkJob, { email });
    },
    async sendSignInLink(email) {
      const account = await findCredentialByEmail(db, email);
      // Only the owner of a confirmed address: an unconfirmed one confirms with its verification link.
      if (!account?.emailVerified) return;
      const token = randomBytes(32).toString('base64url');
      const context = await auth.$context;
      await context.internalAdapter.createVerificationValue({
        identifier: signInLinkIdentifier(token),
        value: account.userId,
        expiresAt: new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60_000),
      });
      const url = new URL(paths.login, config.appUrl);
      url.searchParams.set('signInToken', token);
      await jobs.send(sendEmailJob, signInLinkEmail(email, url.toString(), SIGN_IN_LINK_MINUTES));
    },
    async sendPasswordReset(email) {
      await auth.api.requestPasswordReset({ body: { email, redirectTo: paths.resetPassword } });
    },
    async sendVerification(email) {
      // Without a session better-auth sends only to an unconfirmed account and is silent otherwise.
      await auth.api.sendVerificationEmail({ body: { email, callbackURL: paths.onboarding } });
    },
  };
}
