import { Link } from 'react-router';
import { entitlementMessages, type EntitlementKey } from '#contracts/entitlements.ts';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { purchaseTexts } from '#web/lib/texts.ts';

/**
 * Shown instead of a screen whose feature the workspace's plan lacks: which plan has it (the
 * server's PLAN_REQUIRED message) and the way to the plans, never a form the server would refuse.
 */
export function PlanRequiredPanel({ feature, title, testId }: { feature: EntitlementKey; title: string; testId: string }) {
  return (
    <Card className="flex flex-col items-start gap-3 p-5 sm:p-6" data-testid={testId}>
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      <p className="text-sm text-ink-700">{entitlementMessages.planRequired(feature)}</p>
      <Link to={paths.buyCredits} className={buttonStyles({ variant: 'primary', size: 'md', className: 'mt-1' })}>
        {purchaseTexts.seePlans}
      </Link>
    </Card>
  );
}
