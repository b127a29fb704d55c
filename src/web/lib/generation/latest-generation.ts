import { getLatestGeneration } from '../../../contracts/generation.ts';
import type { GenerationKind } from '../../../contracts/job-kinds.ts';
import { contractQuery } from '../contract-query.ts';

/** GET /api/generations/latest?kind=…: read fresh on every visit so a reload shows the job again. */
export const latestGenerationQueryOptions = (kind: GenerationKind) =>
  contractQuery(getLatestGeneration, { query: { kind } }, { unwrap: (data) => data.job, staleTime: 0, gcTime: 0, retry: false });
