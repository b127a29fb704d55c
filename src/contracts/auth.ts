import { z } from 'zod';
import { defineContract } from './contract.ts';
import { emailAddress, text } from './fields.ts';

/** How long an emailed sign-in link works (docs/product-rules.md#accounts). */
export const SIGN_IN_LINK_MINUTES = 15;

/** What users read about accounts: sign-up, sign-in, verification and password reset. */
export const authMessages = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm your password',
  plusEmail: 'Email addresses containing + symbols are not allowed, except for whitelisted addresses',
  signUpFailed: 'An error occurred during sign up',
  signUpClosed: 'Sign-up is by invitation during the beta. Join the waitlist and we will invite you soon.',
  invalidCredentials: 'Invalid login credentials. Please check your email and password.',
  noUserData: 'No user data returned',
  signOutFailed: 'An error occurred during sign out',
  resetFailed: 'Failed to update password',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  alreadyVerified: 'Your email address is already verified.',
  resendCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting another email.`,
  passwordTooCommon: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
  passwordIsEmail: 'Your password cannot be your email address. Please choose another one.',
  // The verification link opened away from the browser that signed up (docs/product-rules.md#accounts).
  passwordChoiceRequired: 'This address was signed up from another browser: choose a password to confirm it.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Create your account again with this address to get a new link.',
  verifyWithPasswordFailed: 'Failed to confirm your email',
  // The emailed sign-in link (docs/product-rules.md#accounts).
  signInLinkInvalid: 'This sign-in link is invalid, expired or already used. Ask for a new one from the sign-in page.',
  /** The sign-up budget of all addresses together is spent (docs/product-rules.md#limits). */
  signUpBusy: (minutes: number) =>
    `Klipt is handling an unusual number of sign-ups right now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Resend-verification cooldown (docs/product-rules.md#accounts). */
export const RESEND_COOLDOWN_SECONDS = 60;

/** A new password: kept as typed (no trimming), 8 to 128 characters. */
const password = text({
  required: authMessages.passwordRequired,
  min: [PASSWORD_MIN, authMessages.passwordTooShort],
  max: [PASSWORD_MAX, authMessages.passwordTooLong],
  keepWhitespace: true,
});
const confirmPassword = text({
  required: authMessages.confirmPasswordRequired,
  max: [PASSWORD_MAX, authMessages.passwordTooLong],
  keepWhitespace: true,
});

export const SignUpRequest = z
  .object({ email: emailAddress, password, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, { message: authMessages.passwordsDoNotMatch, path: ['confirmPassword'] })
  .meta({ id: 'SignUpRequest' });
export type SignUpInput = z.input<typeof SignUpRequest>;

export const SignInRequest = z
  .object({
    email: emailAddress,
    password: text({ required: authMessages.passwordRequired, max: [PASSWORD_MAX, authMessages.passwordTooLong], keepWhitespace: true }),
  })
  .meta({ id: 'SignInRequest' });
export type SignInInput = z.input<typeof SignInRequest>;

export const SessionUser = z
  .object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), createdAt: z.string() })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

export const AuthResult = z.object({ user: SessionUser }).meta({ id: 'AuthResult' });

export const RequestPasswordResetRequest = z.object({ email: emailAddress }).meta({ id: 'RequestPasswordResetRequest' });

export const ResetPasswordRequest = z
  .object({
    token: text({ required: authMessages.resetLinkInvalid, max: [200, authMessages.resetLinkInvalid], keepWhitespace: true }),
    newPassword: password,
    confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: authMessages.passwordsDoNotMatch, path: ['confirmPassword'] })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordInput = z.input<typeof ResetPasswordRequest>;

/** The verification link's token and the password the address's owner chooses with it. */
export const VerifyEmailWithPasswordRequest = z
  .object({
    token: text({ required: authMessages.verifyLinkInvalid, max: [2000, authMessages.verifyLinkInvalid], keepWhitespace: true }),
    newPassword: password,
    confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: authMessages.passwordsDoNotMatch, path: ['confirmPassword'] })
  .meta({ id: 'VerifyEmailWithPasswordRequest' });
export type VerifyEmailWithPasswordInput = z.input<typeof VerifyEmailWithPasswordRequest>;

export const RequestSignInLinkRequest = z.object({ email: emailAddress }).meta({ id: 'RequestSignInLinkRequest' });

export const SignInWithLinkRequest = z
  .object({ token: text({ required: authMessages.signInLinkInvalid, max: [200, authMessages.signInLinkInvalid], keepWhitespace: true }) })
  .meta({ id: 'SignInWithLinkRequest' });

export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'OkResponse' });

export const ResendVerificationResponse = z
  .object({ ok: z.literal(true), retryAfterSeconds: z.number().int() })
  .meta({ id: 'ResendVerificationResponse' });

export const signUp = defineContract({
  method: 'POST',
  path: '/api/auth/sign-up/email',
  summary:
    'Create an account (email and password) and email its verification link, which signs in. Never signs in by itself, and answers the same for an address that already has an account (its owner is emailed instead)',
  tags: ['auth'],
  body: SignUpRequest,
  status: 200,
  response: OkResponse,
  errors: [400, 403, 429],
  auth: 'public',
});

export const signIn = defineContract({
  method: 'POST',
  path: '/api/auth/sign-in/email',
  summary: 'Sign in with email and password; sets the session cookie',
  tags: ['auth'],
  body: SignInRequest,
  status: 200,
  response: AuthResult,
  errors: [400, 401, 429],
  auth: 'public',
});

export const requestSignInLink = defineContract({
  method: 'POST',
  path: '/api/auth/sign-in-link',
  summary: `Email a sign-in link that works once, for ${SIGN_IN_LINK_MINUTES} minutes, to a confirmed account (queued: the same answer and the same work for any address)`,
  tags: ['auth'],
  body: RequestSignInLinkRequest,
  status: 200,
  response: OkResponse,
  errors: [400, 429],
  auth: 'public',
});

export const signInWithLink = defineContract({
  method: 'POST',
  path: '/api/auth/sign-in-link/verify',
  summary:
    'Sign in with the token of an emailed sign-in link (once): sets the session cookie and makes this browser a known device of the account, whose password sign-ins skip the limit strangers spend',
  tags: ['auth'],
  body: SignInWithLinkRequest,
  status: 200,
  response: AuthResult,
  errors: [400, 429],
  auth: 'public',
});

export const signOut = defineContract({
  method: 'POST',
  path: '/api/auth/sign-out',
  summary: 'End the current session on the server and clear the cookie',
  tags: ['auth'],
  status: 200,
  response: OkResponse,
  auth: 'public',
});

export const requestPasswordReset = defineContract({
  method: 'POST',
  path: '/api/auth/request-password-reset',
  summary: 'Email a password reset link (queued: the same answer and the same work whether or not the account exists)',
  tags: ['auth'],
  body: RequestPasswordResetRequest,
  status: 200,
  response: OkResponse,
  errors: [400, 429],
  auth: 'public',
});

export const resetPassword = defineContract({
  method: 'POST',
  path: '/api/auth/reset-password',
  summary: 'Set a new password with a reset token; ends every session of the user',
  tags: ['auth'],
  body: ResetPasswordRequest,
  status: 200,
  response: OkResponse,
  errors: [400, 429],
  auth: 'public',
});

export const verifyEmailWithPassword = defineContract({
  method: 'POST',
  path: '/api/auth/verify-email/password',
  summary:
    'Confirm an email address with its emailed link where the link alone does not (another browser than the one that signed up): the password chosen here replaces any password set before and ends every session of the account, then the address is confirmed and the owner signed in',
  tags: ['auth'],
  body: VerifyEmailWithPasswordRequest,
  status: 200,
  response: AuthResult,
  errors: [400, 429],
  auth: 'public',
});

export const resendVerification = defineContract({
  method: 'POST',
  path: '/api/account/resend-verification',
  summary: 'Send the verification email again (once per 60 seconds)',
  tags: ['account'],
  status: 200,
  response: ResendVerificationResponse,
  errors: [401, 409, 429],
  auth: 'user',
});

export const ResendVerificationByEmailRequest = z.object({ email: emailAddress }).meta({ id: 'ResendVerificationByEmailRequest' });

/** For the sign-up form, whose visitor is not signed in: the same answer whether or not the address has an account. */
export const resendVerificationByEmail = defineContract({
  method: 'POST',
  path: '/api/auth/resend-verification',
  summary:
    'Send the verification email again to an address whose account is not confirmed yet (queued: the same answer whether or not there is one; once per 60 seconds per address)',
  tags: ['auth'],
  body: ResendVerificationByEmailRequest,
  status: 200,
  response: ResendVerificationResponse,
  errors: [400, 429],
  auth: 'public',
});
