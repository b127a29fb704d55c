import { Check } from 'lucide-react';
import { planCardLines } from '#contracts/entitlements.ts';
import type { Plan } from '#contracts/plans.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { billingTexts } from '../texts.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** One plan: price per month, its lines from the entitlements table (credits, seats, features Klipt does) and its action (subscribe, or manage for a subscriber). */
export function PlanCard({
  plan,
  current,
  action,
}: {
  plan: Plan;
  /** The subscriber's own plan. */
  current: boolean;
  action: { label: string; onClick: () => void; busy: boolean; disabled: boolean; variant: 'primary' | 'secondary' };
}) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col p-6',
        plan.mostPopular && 'ring-2 ring-brand-500 ring-offset-0',
        current && 'ring-2 ring-green-500',
      )}
      data-testid={`plan-${plan.id}`}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink-900">
          {plan.name}
        </h2>
        {plan.mostPopular && <Badge tone="brand">{billingTexts.mostPopular}</Badge>}
        {current && <Badge tone="success">{billingTexts.currentPlan}</Badge>}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-ink-950">{usd.format(plan.price)}</span>
        <span className="text-sm font-medium text-ink-500">{billingTexts.perMonth}</span>
      </p>
      <ul className="mt-5 flex flex-1 flex-col gap-2.5 text-sm text-ink-700">
        {planCardLines(plan.id).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-6 w-full"
        variant={action.variant}
        loading={action.busy}
        disabled={action.disabled}
        onClick={action.onClick}
        aria-describedby={headingId}
      >
        {action.busy ? billingTexts.processing : action.label}
      </Button>
    </Card>
  );
}
