import { endedSubscriptionStatuses, type Subscription } from '../../../../contracts/billing.ts';
import { planById, type PlanId } from '../../../../contracts/plans.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatDate } from '../../../lib/format-date.ts';

export const planName = (id: PlanId) => planById(id).name;

const statusLabels: Record<Subscription['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trial', tone: 'success' },
  past_due: { label: 'Payment due', tone: 'warning' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
  incomplete: { label: 'Awaiting payment', tone: 'warning' },
  incomplete_expired: { label: 'Expired', tone: 'neutral' },
  paused: { label: 'Paused', tone: 'neutral' },
  canceled: { label: 'Ended', tone: 'neutral' },
};

/** Whether the plan still runs (it may be set to end at the period's end). */
export const isLive = (s: Subscription | null): s is Subscription => !!s && !endedSubscriptionStatuses.includes(s.status);

export function PlanStatusBadge({ subscription }: { subscription: Subscription }) {
  if (isLive(subscription) && subscription.cancelAtPeriodEnd) return <Badge tone="warning">Ends at period end</Badge>;
  const { label, tone } = statusLabels[subscription.status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** 'Renews on …', 'Ends on …', or what to do about a failed payment. */
export function renewalText(s: Subscription): string {
  const date = s.currentPeriodEnd ? formatDate(s.currentPeriodEnd, 'long') : null;
  if (!isLive(s)) return 'Ended. You can choose a new plan below.';
  if (s.status === 'past_due' || s.status === 'unpaid')
    return 'The last payment failed. Update your payment method in Manage plan to keep your credits coming.';
  if (!date) return '';
  return s.cancelAtPeriodEnd ? `Ends on ${date}. No further charges.` : `Renews on ${date}.`;
}
