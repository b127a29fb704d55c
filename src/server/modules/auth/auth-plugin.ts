import { createHash } from 'node:crypto';
import type { BetterAuthPlugin, User } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { verifyJWT } from 'better-auth/crypto';
import { z } from 'zod';
import { authMessages } from '#contracts/auth.ts';

/** better-auth's answer code when the verification link needs the owner to choose the password first. */
export const PASSWORD_CHOICE_REQUIRED = 'PASSWORD_CHOICE_REQUIRED';

/** Klipt's endpoints inside better-auth, called on the server only (`auth.api`); `disabledPaths` keeps them off HTTP. */
export const kliptEndpointPaths = ['/verify-email/password', '/sign-in-link/verify'] as const;

/** Where an emailed sign-in link's token is kept: as its SHA-256, so a copy of the table holds no usable link. */
export function signInLinkIdentifier(token: string): string {
  return `sign-in-link:${createHash('sha256').update(token).digest('hex')}`;
}

/** What better-auth's verification link carries (email-verification.ts signs it with the auth secret). */
const VerificationPayload = z.object({ email: z.email(), userId: z.string().optional(), updateTo: z.string().optional() });

/**
 * The address (and account) a live verification link was made for, or undefined when it is not one
 * (forged, expired, or a change-of-address link, which Klipt never sends).
 */
export async function verificationLinkTarget(token: string, secret: string): Promise<{ email: string; userId?: string } | undefined> {
  const parsed = VerificationPayload.safeParse(await verifyJWT(token, secret));
  if (!parsed.success || parsed.data.updateTo !== undefined) return undefined;
  return { email: parsed.data.email, ...(parsed.data.userId ? { userId: parsed.data.userId } : {}) };
}

const invalidLink = () => new APIError('BAD_REQUEST', { code: 'INVALID_VERIFICATION_LINK', message: authMessages.verifyLinkInvalid });

/** The signed-in user as Klipt answers it: never the session token. */
const answerUser = (user: User) => ({
  user: { id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: new Date(user.createdAt).toISOString() },
});

/**
 * Endpoints better-auth does not have, built on its own adapter and cookies so sessions stay its
 * business (ADR 0019).
 */
export function kliptAuthPlugin() {
  return {
    id: 'klipt',
    endpoints: {
      /**
       * The verification link, opened where the account's password was not chosen: the address's
       * owner chooses it. It replaces whatever was set and ends every session, and only then is the
       * address confirmed and the owner signed in. Password rules are checked by the route first.
       */
      verifyEmailWithPassword: createAuthEndpoint(
        '/verify-email/password',
        { method: 'POST', body: z.object({ token: z.string(), newPassword: z.string() }) },
        async (ctx) => {
          const target = await verificationLinkTarget(ctx.body.token, ctx.context.secret);
          if (target === undefined) throw invalidLink();
          const found = await ctx.context.internalAdapter.findUserByEmail(target.email, { includeAccounts: true });
          // A link made for an account that was deleted since does not confirm a newer one at the address.
          if (!found || (target.userId !== undefined && target.userId !== found.user.id)) throw invalidLink();
          const { user, accounts } = found;
          if (user.emailVerified) throw new APIError('BAD_REQUEST', { code: 'ALREADY_VERIFIED', message: authMessages.alreadyVerified });

          const hash = await ctx.context.password.hash(ctx.body.newPassword);
          if (accounts.some((a) => a.providerId === 'credential')) await ctx.context.internalAdapter.updatePassword(user.id, hash);
          else
            await ctx.context.internalAdapter.linkAccount({
              userId: user.id,
              providerId: 'credential',
              accountId: user.id,
              password: hash,
            });
          // After the new password is stored: a sign-in that checked the old one and creates its
          // session later is caught by the sign-in route, which compares the stored hash before and after.
          await ctx.context.internalAdapter.deleteUserSessions(user.id);

          const verified = await ctx.context.internalAdapter.updateUser(user.id, { emailVerified: true });
          await ctx.context.options.emailVerification?.afterEmailVerification?.(verified, ctx.request);
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user: verified });
          return ctx.json(answerUser(verified));
        },
      ),

      /**
       * An emailed sign-in link (service.ts sends them to confirmed accounts only): works once, until
       * it expires; the one request that consumes it gets the session.
       */
      signInWithLink: createAuthEndpoint('/sign-in-link/verify', { method: 'POST', body: z.object({ token: z.string() }) }, async (ctx) => {
        const invalid = new APIError('BAD_REQUEST', { code: 'INVALID_SIGN_IN_LINK', message: authMessages.signInLinkInvalid });
        const consumed = await ctx.context.internalAdapter.consumeVerificationValue(signInLinkIdentifier(ctx.body.token));
        if (!consumed) throw invalid;
        const user = await ctx.context.internalAdapter.findUserById(consumed.value);
        if (!user?.emailVerified) throw invalid;
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json(answerUser(user));
      }),
    },
  } satisfies BetterAuthPlugin;
}
