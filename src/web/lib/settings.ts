import { useQuery } from '@tanstack/react-query';
import { contractQuery } from './contract-query.ts';
import { getSettings } from '#contracts/routes.ts';

export const settingsQueryOptions = contractQuery(getSettings, undefined, { staleTime: 5 * 60_000 });

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
