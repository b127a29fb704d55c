import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UpdateSandboxSubscriptionRequest } from '#contracts/billing.ts';
import type { CreditHistoryPage } from '#contracts/credits-api.ts';
import type { PlanId } from '#contracts/plans.ts';
import { callApi } from '#web/lib/api-client.ts';
import { contractKey, contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { redirectTo } from '#web/lib/redirect.ts';
import { meQueryKey } from '#web/lib/session/me.ts';
import {
  cancelSandboxCheckout,
  createCheckout,
  createPortal,
  getBillingOverview,
  getCreditHistory,
  getSandboxCheckout,
  paySandboxCheckout,
  updateSandboxSubscription,
} from '#contracts/routes.ts';

const overviewQueryOptions = contractQuery(getBillingOverview, undefined, { staleTime: 0 });

export function useBillingOverview() {
  return useQuery(overviewQueryOptions);
}

/**
 * A call that answers with a URL to leave for. The mutation stays pending until the page unloads,
 * so the button keeps saying 'Processing...' instead of flashing back while the browser navigates.
 */
function useLeaveFor<TInput>(call: (input: TInput) => Promise<{ url: string }>, key: string) {
  const mutation = useMutation({
    mutationKey: ['billing', key],
    mutationFn: async (input: TInput) => {
      const { url } = await call(input);
      redirectTo(url);
      await new Promise<never>(() => {});
    },
  });
  const { reset } = mutation;
  // Back from Stripe, the browser may restore this page as it was left: busy. It is not any more.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
  return mutation;
}

export function useStartCheckout() {
  return useLeaveFor((planId: PlanId) => callApi(createCheckout, { body: { planId } }), 'checkout');
}

export function useOpenPortal() {
  return useLeaveFor(() => callApi(createPortal), 'portal');
}

export function useSandboxCheckout(sessionId: string) {
  // Built apart from useQuery: inside its call, TypeScript infers the answer's type from useQuery's parameter instead.
  const options = contractQuery(getSandboxCheckout, { params: { sessionId } }, { retry: false });
  return useQuery(options);
}

export function usePaySandboxCheckout(sessionId: string) {
  return useLeaveFor(() => callApi(paySandboxCheckout, { params: { sessionId } }), 'sandbox-pay');
}

export function useCancelSandboxCheckout(sessionId: string) {
  return useLeaveFor(() => callApi(cancelSandboxCheckout, { params: { sessionId } }), 'sandbox-cancel');
}

/** The sandbox portal's actions; the answer is the new overview, and credits may follow from a renewal. */
export function useUpdateSandboxSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['billing', 'sandbox-subscription'],
    mutationFn: (body: UpdateSandboxSubscriptionRequest) => callApi(updateSandboxSubscription, { body }),
    onSuccess: (overview) => {
      queryClient.setQueryData(overviewQueryOptions.queryKey, overview);
      void invalidateContract(queryClient, getCreditHistory);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** The ledger page by page, newest first; 'Load More' follows the cursor. */
export function useCreditHistory() {
  return useInfiniteQuery({
    queryKey: contractKey(getCreditHistory),
    queryFn: ({ pageParam, signal }) => callApi(getCreditHistory, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CreditHistoryPage) => last.nextCursor,
  });
}
