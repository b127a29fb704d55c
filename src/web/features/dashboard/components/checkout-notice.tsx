import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { billingMessages, type CheckoutState } from '#contracts/billing.ts';
import { planById } from '#contracts/plans.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { meQueryKey } from '#web/lib/session/me.ts';
import { purchaseTexts } from '#web/lib/texts.ts';
import { dashboardTexts } from '../texts.ts';
import { getCheckout } from '#contracts/routes.ts';

/** How often the dashboard asks whether a paid checkout's credits have arrived, and for how long. */
export const CHECKOUT_POLL_MS = 1500;
export const CHECKOUT_POLL_LIMIT = 80;

const settled = (state: CheckoutState | undefined) =>
  !!state && (state.credited || state.status === 'canceled' || state.status === 'expired');

/**
 * Back from a checkout (`/dashboard?session_id=…`): waits for the webhook to credit the plan, asking
 * the server every CHECKOUT_POLL_MS, then shows the new balance and refreshes the header's.
 */
export function CheckoutNotice() {
  const [search, setSearch] = useSearchParams();
  const sessionId = search.get('session_id');
  const queryClient = useQueryClient();
  const options = contractQuery(
    getCheckout,
    { params: { sessionId: sessionId ?? '' } },
    {
      enabled: !!sessionId,
      retry: false,
      refetchInterval: (query) =>
        settled(query.state.data) || query.state.error || query.state.dataUpdateCount >= CHECKOUT_POLL_LIMIT ? false : CHECKOUT_POLL_MS,
    },
  );
  const checkout = useQuery(options);
  const credited = checkout.data?.credited ?? false;
  // Read with dataUpdatedAt so each answer, even an unchanged one, renders again.
  const answers = checkout.dataUpdatedAt ? (queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;

  useEffect(() => {
    if (credited) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [credited, queryClient]);

  if (!sessionId) return null;
  const dismiss = () =>
    setSearch(
      (params) => {
        params.delete('session_id');
        return params;
      },
      { replace: true },
    );
  const plan = checkout.data && planById(checkout.data.planId);

  let notice;
  if (checkout.isError) {
    notice = (
      <Alert tone="error" title={purchaseTexts.errorTitle}>
        {userMessage(checkout.error, purchaseTexts.fallback)}
      </Alert>
    );
  } else if (checkout.data?.credited) {
    notice = (
      <Alert tone="success" title={dashboardTexts.welcomeToPlan(plan?.name)}>
        {dashboardTexts.creditsAdded(checkout.data.credits.toLocaleString('en-US'))}{' '}
        <strong>{dashboardTexts.balanceCredits(checkout.data.balance.toLocaleString('en-US'))}</strong>.
      </Alert>
    );
  } else if (checkout.data && (checkout.data.status === 'canceled' || checkout.data.status === 'expired')) {
    notice = <Alert tone="info">{billingMessages.checkoutClosed}</Alert>;
  } else if (checkout.data && answers >= CHECKOUT_POLL_LIMIT) {
    notice = (
      <Alert tone="info" title={dashboardTexts.stillConfirming}>
        {dashboardTexts.stillConfirmingText}
      </Alert>
    );
  } else {
    notice = (
      <Alert tone="info">
        <span className="flex items-center gap-2">
          <Spinner size="sm" />
          {dashboardTexts.addingCredits(plan?.credits.toLocaleString('en-US'))}
        </span>
      </Alert>
    );
  }

  return (
    <div className="relative mt-6" data-testid="checkout-notice">
      {notice}
      <Button
        variant="ghost"
        size="sm"
        className="absolute top-1.5 right-1.5 size-8 p-0"
        aria-label={dashboardTexts.dismiss}
        onClick={dismiss}
      >
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
