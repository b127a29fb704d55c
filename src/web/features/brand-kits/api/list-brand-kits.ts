import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandKit } from '#contracts/brand-kits.ts';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { listBrandKits } from '#contracts/routes.ts';

/** The workspace's kits (the default first) and its uploaded fonts. */
export const brandKitsQueryOptions = (workspaceId: string) => contractQuery(listBrandKits, { params: { workspaceId } });

export function useBrandKits(workspaceId: string, enabled = true) {
  return useQuery({ ...brandKitsQueryOptions(workspaceId), enabled });
}

/** After any change to kits or fonts: the list (and so every kit screen) reloads. */
export function useKitsChanged() {
  const queryClient = useQueryClient();
  return () => invalidateContract(queryClient, listBrandKits);
}

/** Puts a kit the server answered with into the cached list at once (the reload follows). */
export function useKitAnswered(workspaceId: string) {
  const queryClient = useQueryClient();
  return (kit: BrandKit) =>
    queryClient.setQueryData(brandKitsQueryOptions(workspaceId).queryKey, (list) =>
      list
        ? {
            ...list,
            kits: list.kits.some((k) => k.id === kit.id) ? list.kits.map((k) => (k.id === kit.id ? kit : k)) : [...list.kits, kit],
          }
        : list,
    );
}
