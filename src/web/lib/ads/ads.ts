import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractBody } from '#contracts/contract.ts';
import { callApi } from '../api-client.ts';
import { contractQuery, invalidateContract } from '../contract-query.ts';
import { getMyKlipStats, listBrandKits, listMyKlips, listMyTags, makeAds } from '#contracts/routes.ts';

export type MakeAdsBody = ContractBody<typeof makeAds>;

/** The workspace's brand kits for the Make ad dialog's kit select (the same cache entry as the brand kit screens'). */
const adBrandKitsQueryOptions = (workspaceId: string) => contractQuery(listBrandKits, { params: { workspaceId } });

export function useAdBrandKits(workspaceId: string) {
  return useQuery(adBrandKitsQueryOptions(workspaceId));
}

/**
 * Makes a klip into ads (one new klip per size). The new klips are in the library, so its lists,
 * counts and tag chips (the ads are tagged "ad") reload.
 */
export function useMakeAds(klipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ads', 'make', klipId],
    mutationFn: (body: MakeAdsBody) => callApi(makeAds, { params: { id: klipId }, body }),
    onSuccess: () =>
      void Promise.all([
        invalidateContract(queryClient, listMyKlips),
        invalidateContract(queryClient, getMyKlipStats),
        invalidateContract(queryClient, listMyTags),
      ]),
  });
}
