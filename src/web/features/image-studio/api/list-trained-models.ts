import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTrainedModels } from '../../../../contracts/models.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/models/trained?publicOnly=true: the editor offers public trained models only (spec §6). */
export const trainedModelsQueryOptions = queryOptions({
  // Shares the ['models', 'trained'] prefix with the Klip Models page, whose visibility changes invalidate it.
  queryKey: ['models', 'trained', 'editor', { publicOnly: true }],
  queryFn: ({ signal }) => callApi(listTrainedModels, { query: { publicOnly: 'true' }, signal }),
  select: (data) => data.models,
  staleTime: 60_000,
});

export function useTrainedModels() {
  return useQuery(trainedModelsQueryOptions);
}
