import type { ActivityEntry } from './log.ts';

interface AccountOwner {
  id: string;
  email: string;
}

/** A new account, whether its owner signed up or an admin's tools created it. */
export const signUpEntry = (user: AccountOwner): ActivityEntry => ({
  type: 'sign_up',
  message: `New account: ${user.email}`,
  details: { userId: user.id, email: user.email },
  actorId: user.id,
});

/** The owner followed the emailed confirmation link. */
export const emailVerifiedEntry = (user: AccountOwner): ActivityEntry => ({
  type: 'email_verified',
  message: `${user.email} confirmed their email`,
  details: { userId: user.id, email: user.email },
  actorId: user.id,
});
