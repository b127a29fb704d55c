import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSettings } from '../../contracts/settings.ts';
import { callApi } from './api-client.ts';

export const settingsQueryOptions = queryOptions({
  queryKey: ['settings'],
  queryFn: ({ signal }) => callApi(getSettings, { signal }),
  staleTime: 5 * 60_000,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
