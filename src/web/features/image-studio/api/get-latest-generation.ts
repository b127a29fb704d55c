import { queryOptions } from '@tanstack/react-query';
import { getLatestGeneration } from '../../../../contracts/generation.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/generations/latest?kind=image: read fresh on every visit so a reload shows the job again. */
export const latestImageGenerationQueryOptions = queryOptions({
  queryKey: ['image-studio', 'generations', 'latest'],
  queryFn: async ({ signal }) => (await callApi(getLatestGeneration, { query: { kind: 'image' }, signal })).job,
  staleTime: 0,
  gcTime: 0,
  retry: false,
});
