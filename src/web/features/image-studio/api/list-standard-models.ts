import { queryOptions, useQuery } from '@tanstack/react-query';
import { listStandardModels } from '../../../../contracts/models.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/models/standard: active standard models in display order. */
export const standardModelsQueryOptions = queryOptions({
  queryKey: ['image-studio', 'models', 'standard'],
  queryFn: ({ signal }) => callApi(listStandardModels, { signal }),
  select: (data) => data.models,
  staleTime: 5 * 60_000,
});

export function useStandardModels() {
  return useQuery(standardModelsQueryOptions);
}
