import type { GenerationKind } from '#contracts/job-kinds.ts';
import { contractQuery } from '../contract-query.ts';
import { getLatestGeneration } from '#contracts/routes.ts';

/**
 * GET /api/generations/latest?kind=…: the latest job with its variations, read fresh on every
 * visit so a reload shows them again.
 */
export const latestGenerationQueryOptions = (kind: GenerationKind) =>
  contractQuery(getLatestGeneration, { query: { kind } }, { staleTime: 0, gcTime: 0, retry: false });
