import { Link } from 'react-router';
import type { Subscription } from '#contracts/billing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { billingTexts } from '../texts.ts';
import { isLive, planName, PlanStatusBadge, renewalText } from './plan-status.tsx';

/** The subscriber's plan: name, status, renewal date, and the way to change or cancel it. */
export function CurrentPlan({
  subscription,
  onManage,
  busy,
  canManage = true,
}: {
  subscription: Subscription;
  onManage: () => void;
  busy: boolean;
  /** Only a workspace's owner changes its plan (a team's admins and members do not). */
  canManage?: boolean;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6" data-testid="current-plan">
      <div className="flex-1">
        <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{billingTexts.yourPlan}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-xl font-bold text-ink-900">{planName(subscription.planId)}</span>
          <PlanStatusBadge subscription={subscription} />
        </div>
        <p className="mt-1 text-sm text-ink-600">{renewalText(subscription)}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Link to={paths.credits} className="rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
          {billingTexts.historyTitle}
        </Link>
        {isLive(subscription) && canManage && (
          <Button onClick={onManage} loading={busy}>
            {busy ? billingTexts.processing : billingTexts.managePlan}
          </Button>
        )}
      </div>
    </Card>
  );
}
