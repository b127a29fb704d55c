import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TrainedModelType } from '#contracts/model-kinds.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { listTrainedModels } from '#contracts/routes.ts';

export interface TrainedModelFilters {
  /** Trimmed; '' for none. */
  search: string;
  type: TrainedModelType | undefined;
  publicOnly: boolean;
}

/** GET /api/models/trained, leaving out the filters that are not set. */
export function trainedModelsQueryOptions(filters: TrainedModelFilters) {
  return contractQuery(listTrainedModels, {
    query: {
      ...(filters.type ? { type: filters.type } : {}),
      ...(filters.publicOnly ? { publicOnly: 'true' as const } : {}),
      ...(filters.search ? { search: filters.search } : {}),
    },
  });
}

/** The list for these filters; while new filters load, the previous cards stay on screen. */
export function useTrainedModels(filters: TrainedModelFilters) {
  return useQuery({ ...trainedModelsQueryOptions(filters), placeholderData: keepPreviousData });
}
