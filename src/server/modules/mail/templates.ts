import { paths } from '#contracts/paths.ts';
import { WEBHOOK_DISABLE_AFTER_HOURS } from '#contracts/webhooks.ts';
import { INVITATION_TTL_DAYS } from '#contracts/workspace-kinds.ts';
import type { EmailMessage } from '../../providers/email/email.ts';
import { renderEmail } from '../../lib/email-layout.ts';

export function verificationEmail(to: string, url: string): EmailMessage {
  return {
    to,
    subject: 'Verify your email for Klipt',
    ...renderEmail({
      heading: 'Confirm your email address',
      paragraphs: ['Welcome to Klipt! Confirm your email address to start creating klips for your products.'],
      action: { label: 'Verify email', url },
      footnote: 'This link expires in 24 hours. If you did not create a Klipt account, you can ignore this email.',
    }),
  };
}

export function passwordResetEmail(to: string, url: string): EmailMessage {
  return {
    to,
    subject: 'Reset your Klipt password',
    ...renderEmail({
      heading: 'Reset your password',
      paragraphs: ['Someone (hopefully you) asked to reset the password of your Klipt account.'],
      action: { label: 'Choose a new password', url },
      footnote: 'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
    }),
  };
}

export function waitlistConfirmationEmail(to: string, name: string, appUrl: string): EmailMessage {
  return {
    to,
    subject: "You're on the Klipt waitlist",
    ...renderEmail({
      heading: "You're on the Klipt waitlist!",
      paragraphs: [
        `Hi ${name}, thanks for joining the Klipt beta waitlist.`,
        'New spots open every week. We will email you as soon as yours is ready, so you can start turning product photos into studio-grade images and short videos.',
      ],
      action: { label: 'Visit Klipt', url: appUrl },
      footnote: 'You received this email because this address was entered on the Klipt waitlist. If that was not you, ignore it.',
    }),
  };
}

export function invitationEmail(to: string, url: string): EmailMessage {
  return {
    to,
    subject: 'Your Klipt beta spot is ready',
    ...renderEmail({
      heading: 'You are in!',
      paragraphs: ['Your spot in the Klipt beta is ready. Create your account with this email address to get started.'],
      action: { label: 'Create your account', url },
    }),
  };
}

/**
 * Sent instead of a second account when someone signs up with an address that already has one: the
 * sign-up itself answers as for a new account, so only the owner learns of it
 * (docs/product-rules.md#accounts).
 */
export function existingAccountEmail(to: string, appUrl: string): EmailMessage {
  return {
    to,
    subject: 'Someone tried to create a Klipt account with your email',
    ...renderEmail({
      heading: 'You already have a Klipt account',
      paragraphs: [
        'Someone (hopefully you) tried to create a Klipt account with this email address. It already has an account, so nothing was changed.',
        'Sign in with your password. If you forgot it, use "Forgot password?" on the sign-in page to choose a new one.',
      ],
      action: { label: 'Sign in to Klipt', url: new URL(paths.login, appUrl).toString() },
      footnote: 'If it was not you, you can ignore this email: your account and password stay the same.',
    }),
  };
}

/**
 * The emailed sign-in link: how the owner gets in from a new device while strangers have spent the
 * account's budget of failed passwords (docs/operations.md#sign-in-and-account-limits).
 */
export function signInLinkEmail(to: string, url: string, minutes: number): EmailMessage {
  return {
    to,
    subject: 'Your Klipt sign-in link',
    ...renderEmail({
      heading: 'Sign in to Klipt',
      paragraphs: [
        'Someone (hopefully you) asked for a link to sign in to your Klipt account. It signs you in on the device you open it on, and that device then keeps working with your password even if someone else is trying to guess it.',
      ],
      action: { label: 'Sign in to Klipt', url },
      footnote: `This link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: nobody can use it without access to your inbox.`,
    }),
  };
}

/** The receipt of a plan's monthly credits: one per paid invoice, sent with the grant. */
export function creditReceiptEmail(
  to: string,
  receipt: { description: string; credits: number; amountPaid: number; currency: string; renewal: boolean; appUrl: string },
): EmailMessage {
  const paid = new Intl.NumberFormat('en-US', { style: 'currency', currency: receipt.currency.toUpperCase() }).format(
    receipt.amountPaid / 100,
  );
  const credits = receipt.credits.toLocaleString('en-US');
  return {
    to,
    subject: `Your Klipt receipt: ${credits} credits (${receipt.description})`,
    ...renderEmail({
      heading: receipt.renewal ? 'Your plan renewed' : 'Thanks for subscribing!',
      paragraphs: [`${receipt.description}: ${credits} credits were added to your Klipt balance.`, `Amount paid: ${paid}.`],
      action: { label: 'See your credit history', url: new URL(paths.credits, receipt.appUrl).toString() },
      footnote: 'Manage or cancel your plan at any time from Buy credits → Manage plan.',
    }),
  };
}

/** An invitation into a team workspace: names the team and who invited; the link works once, for 7 days. */
export function teamInvitationEmail(to: string, teamName: string, inviterName: string, url: string): EmailMessage {
  return {
    to,
    subject: `${inviterName} invited you to ${teamName} on Klipt`,
    ...renderEmail({
      heading: `Join ${teamName} on Klipt`,
      paragraphs: [
        `${inviterName} invited you to work in the team ${teamName} on Klipt: create klips together and share its credits.`,
        'Sign in (or create your account) with this email address to accept.',
      ],
      action: { label: 'Accept the invitation', url },
      footnote: `This link works once and expires in ${INVITATION_TTL_DAYS} days. If you do not want to join, ignore this email.`,
    }),
  };
}

/** A workspace's webhook endpoint was switched off after a day of failed deliveries (docs/api.md#webhooks). */
export function webhookDisabledEmail(to: string, endpointUrl: string, workspaceName: string, settingsUrl: string): EmailMessage {
  return {
    to,
    subject: `A webhook endpoint of ${workspaceName} was switched off`,
    ...renderEmail({
      heading: 'Webhook endpoint switched off',
      paragraphs: [
        `Deliveries to ${endpointUrl} have failed for more than ${WEBHOOK_DISABLE_AFTER_HOURS} hours, so Klipt switched the endpoint off. No new events are sent to it.`,
        'Check that the endpoint answers 2xx, then switch it on again in the webhooks settings of the workspace: its delivery log shows each failed attempt, and you can send any event again from there.',
      ],
      action: { label: 'Open the webhooks settings', url: settingsUrl },
      footnote: `You received this email because you own the workspace ${workspaceName} on Klipt.`,
    }),
  };
}
