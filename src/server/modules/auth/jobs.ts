import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';

interface AuthMailWork {
  sendPasswordReset(email: string): Promise<void>;
  sendVerification(email: string): Promise<void>;
  sendSignInLink(email: string): Promise<void>;
}

const ByEmail = z.object({ email: z.email() });

/**
 * The reset request's lookup and email, off the request: the route answers after the same work
 * (limits, one queued job) whether or not the address has an account (docs/product-rules.md#accounts).
 */
export const requestPasswordResetJob = defineJob({
  name: 'request-password-reset',
  options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  payload: ByEmail,
  handler: async ({ email }, { authFlows }: { authFlows: AuthMailWork }) => authFlows.sendPasswordReset(email),
});

/** "Resend" from the sign-up form (no session): emails a new link only to an account waiting for confirmation. */
export const resendVerificationJob = defineJob({
  name: 'resend-verification',
  options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  payload: ByEmail,
  handler: async ({ email }, { authFlows }: { authFlows: AuthMailWork }) => authFlows.sendVerification(email),
});

/** "Email me a sign-in link": the lookup and the email, off the request, only for a confirmed account. */
export const sendSignInLinkJob = defineJob({
  name: 'send-sign-in-link',
  options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  payload: ByEmail,
  handler: async ({ email }, { authFlows }: { authFlows: AuthMailWork }) => authFlows.sendSignInLink(email),
});
