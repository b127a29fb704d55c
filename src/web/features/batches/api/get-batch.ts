import { useQuery } from '@tanstack/react-query';
import type { Batch } from '#contracts/batches.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { getBatch } from '#contracts/routes.ts';

/** How often a running batch is asked for again. */
export const BATCH_POLL_MS = 1500;

/** Not found is final: a missing or foreign batch is not asked for again. */
const retryUnlessNotFound = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/** Whether the batch may still change: the server says 'running' while any photo waits or runs (cancelled ones too). */
export function isBatchActive(batch: Batch | undefined): boolean {
  return batch?.status === 'running';
}

/** GET /api/batches/:id, polled while the batch may still change. */
export function batchQueryOptions(id: string) {
  return contractQuery(
    getBatch,
    { params: { id } },
    {
      refetchInterval: (query) => (isBatchActive(query.state.data) ? BATCH_POLL_MS : false),
      retry: retryUnlessNotFound,
    },
  );
}

export function useBatch(id: string) {
  return useQuery(batchQueryOptions(id));
}
