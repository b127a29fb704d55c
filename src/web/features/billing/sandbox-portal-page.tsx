import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { billingMessages, type UpdateSandboxSubscriptionRequest } from '#contracts/billing.ts';
import { plans, type PlanId } from '#contracts/plans.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { BackLink } from '../../components/layout/back-link.tsx';
import { paths } from '../../lib/paths.ts';
import { useBillingOverview, useUpdateSandboxSubscription } from './api/billing.ts';
import { isLive, planName, PlanStatusBadge, renewalText } from './components/plan-status.tsx';
import { billingTexts } from './texts.ts';
import { purchaseTexts, shellTexts } from '../../lib/texts.ts';

const done: Record<UpdateSandboxSubscriptionRequest['action'], string> = billingTexts.done;

/** /billing/sandbox/portal — what Stripe's customer portal offers, for the built-in test checkout, plus a renewal on demand. */
export default function SandboxPortalPage() {
  const overview = useBillingOverview();
  const update = useUpdateSandboxSubscription();
  const [target, setTarget] = useState<PlanId | ''>('');
  const [notice, setNotice] = useState<string | null>(null);
  const subscription = overview.data?.subscription ?? null;

  const run = (request: UpdateSandboxSubscriptionRequest) => {
    setNotice(null);
    update.mutate(request, {
      onSuccess: () => {
        setNotice(done[request.action]);
        setTarget('');
      },
    });
  };

  let body;
  if (overview.isPending) {
    body = (
      <div className="grid place-items-center py-12">
        <Spinner label={billingTexts.loadingPlan} />
      </div>
    );
  } else if (overview.isError) {
    body = <Alert tone="error">{userMessage(overview.error)}</Alert>;
  } else if (overview.data.mode !== 'sandbox') {
    body = <Alert tone="info">{billingMessages.sandboxOnly}</Alert>;
  } else if (!isLive(subscription)) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <p className="text-ink-700">{subscription ? billingTexts.planCanceled : billingMessages.noSubscription}</p>
        <Link to={paths.buyCredits} className={buttonStyles()}>
          {billingTexts.choosePlan}
        </Link>
      </div>
    );
  } else {
    const pending = update.isPending ? update.variables?.action : undefined;
    const otherPlans = plans
      .filter((p) => p.id !== subscription.planId)
      .map((p) => ({ value: p.id, label: billingTexts.planOption(p.name, p.price) }));
    body = (
      <div className="flex flex-col gap-6">
        <div data-testid="portal-plan">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xl font-bold text-ink-900">{planName(subscription.planId)}</span>
            <span className="text-sm text-ink-500">{billingTexts.currentPlanNote}</span>
            <PlanStatusBadge subscription={subscription} />
          </div>
          <p className="mt-1 text-sm text-ink-600">{renewalText(subscription)}</p>
        </div>
        {notice && <Alert tone="success">{notice}</Alert>}
        {update.error && (
          <Alert tone="error" title={purchaseTexts.errorTitle}>
            {userMessage(update.error, purchaseTexts.fallback)}
          </Alert>
        )}
        <section aria-labelledby="change-plan" className="border-t border-ink-100 pt-5">
          <h2 id="change-plan" className="font-semibold text-ink-900">
            {billingTexts.changePlan}
          </h2>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={billingTexts.newPlan} className="flex-1">
              <Select
                options={otherPlans}
                placeholder={billingTexts.choosePlan}
                value={target}
                onChange={(e) => setTarget(e.target.value as PlanId | '')}
              />
            </Field>
            <Button
              variant="secondary"
              disabled={!target || update.isPending}
              loading={pending === 'change_plan'}
              onClick={() => target && run({ action: 'change_plan', planId: target })}
            >
              {billingTexts.switchPlan}
            </Button>
          </div>
        </section>
        <section aria-labelledby="cancel-plan" className="border-t border-ink-100 pt-5">
          <h2 id="cancel-plan" className="font-semibold text-ink-900">
            {subscription.cancelAtPeriodEnd ? billingTexts.keepPlan : billingTexts.cancelPlan}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {subscription.cancelAtPeriodEnd ? billingTexts.endsThisPeriod : billingTexts.staysUntilPeriodEnd}
          </p>
          <Button
            className="mt-3"
            variant={subscription.cancelAtPeriodEnd ? 'primary' : 'danger'}
            disabled={update.isPending}
            loading={pending === 'cancel' || pending === 'resume'}
            onClick={() => run({ action: subscription.cancelAtPeriodEnd ? 'resume' : 'cancel' })}
          >
            {subscription.cancelAtPeriodEnd ? billingTexts.resumePlan : billingTexts.cancelPlan}
          </Button>
        </section>
        <section aria-labelledby="renew-now" className="border-t border-ink-100 pt-5">
          <h2 id="renew-now" className="font-semibold text-ink-900">
            {billingTexts.tryRenewal}
          </h2>
          <p className="mt-1 text-sm text-ink-600">{billingTexts.tryRenewalIntro}</p>
          <Button
            className="mt-3"
            variant="secondary"
            disabled={update.isPending}
            loading={pending === 'renew'}
            onClick={() => run({ action: 'renew' })}
          >
            {billingTexts.runRenewal}
          </Button>
        </section>
      </div>
    );
  }

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(billingTexts.portalPage)}</title>
      <BackLink to={paths.buyCredits}>{billingTexts.backToPlans}</BackLink>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{billingTexts.manageYourPlan}</h1>
        <Badge tone="deal">
          <FlaskConical className="size-3.5" aria-hidden="true" />
          {billingTexts.testMode}
        </Badge>
      </div>
      <p className="mt-1 text-ink-600">{billingTexts.portalIntro}</p>
      <Card className="mt-6 p-5 sm:p-8">{body}</Card>
    </main>
  );
}
