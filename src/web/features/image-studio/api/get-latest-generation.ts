import { getLatestGeneration } from '../../../../contracts/generation.ts';
import { contractQuery } from '../../../lib/contract-query.ts';

/** GET /api/generations/latest?kind=image: read fresh on every visit so a reload shows the job again. */
export const latestImageGenerationQueryOptions = contractQuery(
  getLatestGeneration,
  { query: { kind: 'image' } },
  {
    unwrap: (data) => data.job,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  },
);
