import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { billingMessages } from '#contracts/billing.ts';
import { plans, type PlanId } from '#contracts/plans.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { cn } from '../../lib/cn.ts';
import { BackLink } from '../../components/layout/back-link.tsx';
import { paths } from '../../lib/paths.ts';
import { useBillingOverview, useOpenPortal, useStartCheckout } from './api/billing.ts';
import { CurrentPlan } from './components/current-plan.tsx';
import { PlanCard } from './components/plan-card.tsx';
import { isLive } from './components/plan-status.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { billingTexts } from './texts.ts';
import { purchaseTexts, shellTexts } from '../../lib/texts.ts';
import { useCurrentWorkspace } from '../../lib/workspaces/workspaces.ts';

function PlansSkeleton() {
  return (
    <div className="mt-8 grid gap-5 md:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="h-96 animate-pulse bg-ink-50" />
      ))}
    </div>
  );
}

/**
 * /buy-credits: the plans, the current workspace's plan, and the way to subscribe or manage it. A plan
 * belongs to the workspace it is bought in: in a team the page says which, and only its owner buys.
 */
export default function BuyCreditsPage() {
  const overview = useBillingOverview();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const [showAll, setShowAll] = useState(false);
  const [search] = useSearchParams();
  const workspace = useCurrentWorkspace();
  const team = workspace?.kind === 'team' ? workspace : null;
  const notOwner = team !== null && team.role !== 'owner';

  const subscription = overview.data?.subscription ?? null;
  const live = isLive(subscription) ? subscription : null;
  const busy = checkout.isPending || portal.isPending || notOwner;
  const failure = checkout.error ?? portal.error;
  const visiblePlans = plans.filter((p) => !p.hidden || showAll || live?.planId === p.id);
  const hiddenLeft = plans.some((p) => !visiblePlans.includes(p));

  const subscribe = (planId: PlanId) => {
    portal.reset();
    checkout.mutate(planId);
  };
  const manage = () => {
    checkout.reset();
    portal.mutate(undefined);
  };

  let body;
  if (overview.isPending) {
    body = <PlansSkeleton />;
  } else if (overview.isError) {
    body = <LoadError title={billingTexts.loadFailed} query={overview} className="mt-8" />;
  } else if (overview.data.mode === 'off') {
    body = (
      <Card className="mt-8 p-6">
        <h2 className="text-lg font-semibold text-ink-900">{billingTexts.offTitle}</h2>
        <p className="mt-1 text-ink-600">{billingMessages.billingOff}</p>
        <Link to={paths.credits} className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:text-brand-800">
          {billingTexts.seeHistory}
        </Link>
      </Card>
    );
  } else {
    body = (
      <>
        {overview.data.mode === 'sandbox' && (
          <Alert tone="info" className="mt-6">
            {billingTexts.sandboxNotice}
          </Alert>
        )}
        {subscription && (
          <div className="mt-6">
            <CurrentPlan subscription={subscription} onManage={manage} busy={portal.isPending} canManage={!notOwner} />
          </div>
        )}
        <div
          className={cn('mt-8 grid gap-5', visiblePlans.length > 3 ? 'md:grid-cols-2 xl:grid-cols-4' : 'md:grid-cols-3')}
          data-testid="plans"
        >
          {visiblePlans.map((plan) => {
            const current = live?.planId === plan.id;
            const action = live
              ? {
                  label: current ? billingTexts.currentPlan : billingTexts.managePlan,
                  onClick: manage,
                  busy: false,
                  disabled: current || busy,
                  variant: 'secondary' as const,
                }
              : {
                  label: billingTexts.subscribe,
                  onClick: () => subscribe(plan.id),
                  busy: checkout.isPending && checkout.variables === plan.id,
                  disabled: busy,
                  variant: plan.mostPopular ? ('primary' as const) : ('secondary' as const),
                };
            return <PlanCard key={plan.id} plan={plan} current={current} action={action} />;
          })}
        </div>
        <div className="mt-6 flex flex-col items-center gap-4 text-center">
          {hiddenLeft && (
            <Button variant="ghost" onClick={() => setShowAll(true)} aria-expanded={false}>
              {billingTexts.needMore}
            </Button>
          )}
          <p className="max-w-xl text-sm text-ink-600">
            {billingTexts.enterprise}{' '}
            <a href={`mailto:${billingTexts.enterpriseEmail}`} className="font-semibold text-brand-700 hover:text-brand-800">
              {billingTexts.enterpriseEmail}
            </a>
            .
          </p>
          <Link to={paths.credits} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            {billingTexts.seeHistory}
          </Link>
        </div>
      </>
    );
  }

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(billingTexts.buyCreditsPage)}</title>
      <BackLink />
      <div className="mt-4 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-4xl">{billingTexts.title}</h1>
        {team && (
          <p className="mt-1 text-lg font-semibold break-words text-brand-700" data-testid="plan-workspace">
            {billingTexts.forWorkspace(team.name)}
          </p>
        )}
        <p className="mt-2 text-ink-600">{billingTexts.subtitle}</p>
      </div>
      {notOwner && (
        <Alert tone="info" className="mt-6">
          {billingTexts.ownerOnly(team.name)}
        </Alert>
      )}
      {search.get('checkout') === 'canceled' && !failure && (
        <Alert tone="info" className="mt-6">
          {billingTexts.checkoutCanceled}
        </Alert>
      )}
      {failure && (
        <Alert tone="error" title={purchaseTexts.errorTitle} className="mt-6">
          {userMessage(failure, purchaseTexts.fallback)}
        </Alert>
      )}
      {body}
    </main>
  );
}
