import { FlaskConical, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { billingMessages } from '#contracts/billing.ts';
import { planById } from '#contracts/plans.ts';
import { Logo } from '../../components/brand/logo.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { paths } from '../../lib/paths.ts';
import { useCancelSandboxCheckout, usePaySandboxCheckout, useSandboxCheckout } from './api/billing.ts';
import { billingTexts } from './texts.ts';
import { purchaseTexts, shellTexts } from '../../lib/texts.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * /billing/sandbox/checkout/:sessionId — Klipt's own stand-in for Stripe Checkout when Stripe is not
 * configured. Paying starts the plan through the same fulfilment as a paid Stripe invoice.
 */
export default function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useSandboxCheckout(sessionId);
  const pay = usePaySandboxCheckout(sessionId);
  const cancel = useCancelSandboxCheckout(sessionId);
  const plan = checkout.data && planById(checkout.data.planId);
  const busy = pay.isPending || cancel.isPending;
  const failure = pay.error ?? cancel.error;

  let body;
  if (checkout.isPending) {
    body = (
      <div className="grid place-items-center py-16">
        <Spinner label={billingTexts.loadingCheckout} />
      </div>
    );
  } else if (checkout.isError || !plan || checkout.data.status !== 'open') {
    const unknown = checkout.isError || !plan;
    body = (
      <div className="flex flex-col items-start gap-4">
        <Alert tone={unknown ? 'error' : 'info'} className="w-full">
          {unknown ? userMessage(checkout.error, billingMessages.checkoutNotFound) : billingMessages.checkoutClosed}
        </Alert>
        <Link to={paths.buyCredits} className={buttonStyles({ variant: 'secondary' })}>
          {billingTexts.backToPlans}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <dl className="divide-y divide-ink-100 rounded-xl bg-ink-50 px-4 text-sm">
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-ink-600">{billingTexts.plan}</dt>
            <dd className="font-semibold text-ink-900">{billingTexts.planName(plan.name)}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-ink-600">{billingTexts.credits}</dt>
            <dd className="font-semibold text-ink-900">{billingTexts.creditsEveryMonth(plan.credits.toLocaleString('en-US'))}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3">
            <dt className="shrink-0 text-ink-600">{billingTexts.billedTo}</dt>
            <dd className="min-w-0 truncate font-semibold text-ink-900">{checkout.data.email}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3 text-base">
            <dt className="font-semibold text-ink-900">{billingTexts.totalDueToday}</dt>
            <dd className="font-bold text-ink-950">{usd.format(plan.price)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-ink-500">{billingTexts.thenEveryMonth(usd.format(plan.price))}</p>
        {failure && (
          <Alert tone="error" title={purchaseTexts.errorTitle} className="mt-4">
            {userMessage(failure, purchaseTexts.fallback)}
          </Alert>
        )}
        <div className="mt-6 flex flex-col gap-3">
          <Button size="lg" onClick={() => pay.mutate(undefined)} loading={pay.isPending} disabled={busy}>
            <Lock className="size-4" aria-hidden="true" />
            {pay.isPending ? billingTexts.processing : billingTexts.pay(usd.format(plan.price))}
          </Button>
          <Button variant="ghost" onClick={() => cancel.mutate(undefined)} loading={cancel.isPending} disabled={busy}>
            {billingTexts.cancelAndGoBack}
          </Button>
        </div>
      </>
    );
  }

  return (
    <main className="min-h-dvh bg-ink-50 px-4 py-8 sm:py-16">
      <title>{shellTexts.pageTitle(billingTexts.checkoutPage)}</title>
      <div className="mx-auto w-full max-w-md">
        <div className="mb-6 flex items-center justify-between gap-3">
          <Logo />
          <Badge tone="deal">
            <FlaskConical className="size-3.5" aria-hidden="true" />
            {billingTexts.testCheckout}
          </Badge>
        </div>
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900">{billingTexts.testCheckout}</h1>
          <p className="mt-1 mb-6 text-sm text-ink-600">{billingTexts.testCheckoutIntro}</p>
          {body}
        </Card>
      </div>
    </main>
  );
}
