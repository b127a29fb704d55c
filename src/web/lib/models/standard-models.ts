import { useQuery } from '@tanstack/react-query';
import { contractQuery } from '../contract-query.ts';
import { listStandardModels } from '#contracts/routes.ts';

/** GET /api/models/standard: active standard models in display order. */
export const standardModelsQueryOptions = contractQuery(listStandardModels, undefined, {
  select: (data) => data.models,
  staleTime: 5 * 60_000,
});

export function useStandardModels() {
  return useQuery(standardModelsQueryOptions);
}
