import { useQuery } from '@tanstack/react-query';
import { listStandardModels } from '#contracts/models.ts';
import { contractQuery } from '../contract-query.ts';

/** GET /api/models/standard: active standard models in display order. */
export const standardModelsQueryOptions = contractQuery(listStandardModels, undefined, {
  select: (data) => data.models,
  staleTime: 5 * 60_000,
});

export function useStandardModels() {
  return useQuery(standardModelsQueryOptions);
}
