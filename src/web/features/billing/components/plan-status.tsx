import { endedSubscriptionStatuses, type Subscription } from '#contracts/billing.ts';
import { planById, type PlanId } from '#contracts/plans.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { billingTexts } from '../texts.ts';

export const planName = (id: PlanId) => planById(id).name;

const statusTones: Record<Subscription['status'], BadgeTone> = {
  active: 'success',
  trialing: 'success',
  past_due: 'warning',
  unpaid: 'danger',
  incomplete: 'warning',
  incomplete_expired: 'neutral',
  paused: 'neutral',
  canceled: 'neutral',
};

/** Whether the plan still runs (it may be set to end at the period's end). */
export const isLive = (s: Subscription | null): s is Subscription => !!s && !endedSubscriptionStatuses.includes(s.status);

export function PlanStatusBadge({ subscription }: { subscription: Subscription }) {
  if (isLive(subscription) && subscription.cancelAtPeriodEnd) return <Badge tone="warning">{billingTexts.endsAtPeriodEnd}</Badge>;
  return <Badge tone={statusTones[subscription.status]}>{billingTexts.statuses[subscription.status]}</Badge>;
}

/** 'Renews on …', 'Ends on …', or what to do about a failed payment. */
export function renewalText(s: Subscription): string {
  const date = s.currentPeriodEnd ? formatDate(s.currentPeriodEnd, 'long') : null;
  if (!isLive(s)) return billingTexts.ended;
  if (s.status === 'past_due' || s.status === 'unpaid') return billingTexts.paymentFailed;
  if (!date) return '';
  return s.cancelAtPeriodEnd ? billingTexts.endsOn(date) : billingTexts.renewsOn(date);
}
