import { useQuery } from '@tanstack/react-query';
import { ApiError } from '#web/lib/api-client.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { getKlip } from '#contracts/routes.ts';

/** A missing or private klip (404, or an id that is no klip id: 400) is an answer, not a failure to retry. */
const retryServerFailures = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2;

/** GET /api/klips/:id. */
export function useSharedKlip(id: string) {
  const options = contractQuery(getKlip, { params: { id } }, { retry: retryServerFailures });
  return useQuery(options);
}
