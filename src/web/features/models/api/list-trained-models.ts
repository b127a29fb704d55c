import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainedModelType } from '../../../../contracts/model-kinds.ts';
import { listTrainedModels } from '../../../../contracts/models.ts';
import { callApi } from '../../../lib/api-client.ts';

export interface TrainedModelFilters {
  /** Trimmed; '' for none. */
  search: string;
  type: TrainedModelType | undefined;
  publicOnly: boolean;
}

/** Every trained-model list, whatever its filters: invalidate this to reload them all. */
export const trainedModelsKey = ['models', 'trained'] as const;

/** GET /api/models/trained, leaving out the filters that are not set. */
export function trainedModelsQueryOptions(filters: TrainedModelFilters) {
  return queryOptions({
    queryKey: [...trainedModelsKey, filters],
    queryFn: ({ signal }) =>
      callApi(listTrainedModels, {
        query: {
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.publicOnly ? { publicOnly: 'true' as const } : {}),
          ...(filters.search ? { search: filters.search } : {}),
        },
        signal,
      }),
  });
}

/** The list for these filters; while new filters load, the previous cards stay on screen. */
export function useTrainedModels(filters: TrainedModelFilters) {
  return useQuery({ ...trainedModelsQueryOptions(filters), placeholderData: keepPreviousData });
}
