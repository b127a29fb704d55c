import { useQuery } from '@tanstack/react-query';
import { getSettings } from '#contracts/settings.ts';
import { contractQuery } from './contract-query.ts';

export const settingsQueryOptions = contractQuery(getSettings, undefined, { staleTime: 5 * 60_000 });

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
