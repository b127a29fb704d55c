import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBatchInput } from '#contracts/batches.ts';
import { callApi } from '#web/lib/api-client.ts';
import { contractKey, invalidateContract } from '#web/lib/contract-query.ts';
import { createBatch, getBatch, getSession, listBatches } from '#contracts/routes.ts';

/** POST /api/batches: reserves the whole cost at once, so the balance and the batch list change; the batch page opens on its answer. */
export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBatchInput) => callApi(createBatch, { body }),
    onSuccess: (batch) => {
      queryClient.setQueryData(contractKey(getBatch, { params: { id: batch.id } }), batch);
      void invalidateContract(queryClient, getSession);
      void invalidateContract(queryClient, listBatches);
    },
  });
}
