import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Batch } from '#contracts/batches.ts';
import { ApiError, callApi } from '#web/lib/api-client.ts';
import { contractKey, invalidateContract } from '#web/lib/contract-query.ts';
import { cancelBatch, getBatch, getSession, listBatchItems, listBatches, retryBatch } from '#contracts/routes.ts';

/** A batch changed by an action: its new state at once, fresh items, balance and list. */
function batchChanged(queryClient: QueryClient, batch: Batch) {
  queryClient.setQueryData(contractKey(getBatch, { params: { id: batch.id } }), batch);
  void queryClient.invalidateQueries({ queryKey: contractKey(listBatchItems, { params: { id: batch.id } }) });
  void invalidateContract(queryClient, getSession);
  void invalidateContract(queryClient, listBatches);
}

/**
 * POST /api/batches/:id/cancel: items not started yet are cancelled and refunded. A 409 (the last
 * waiting photo started meanwhile) reads the batch again, so the page shows it as it now is.
 */
export function useCancelBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(cancelBatch, { params: { id } }),
    onSuccess: (result) => batchChanged(queryClient, result.batch),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: contractKey(getBatch, { params: { id } }) });
      void queryClient.invalidateQueries({ queryKey: contractKey(listBatchItems, { params: { id } }) });
    },
  });
}

/** POST /api/batches/:id/retry: the failed items run again (their cost is reserved again). */
export function useRetryBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(retryBatch, { params: { id } }),
    onSuccess: (batch) => batchChanged(queryClient, batch),
  });
}
