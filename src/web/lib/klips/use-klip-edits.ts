import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KlipCard } from '#contracts/klips.ts';
import { callApi } from '../api-client.ts';
import { invalidateContract } from '../contract-query.ts';
import { patchCachedKlip } from './klip-cache.ts';
import {
  addKlipTags,
  listAllKlipTags,
  listCollection,
  listMyTags,
  listPopularTags,
  removeKlipTag,
  setKlipVisibility,
} from '#contracts/routes.ts';

/** Tag chips count klips, so every change to a klip's tags reloads them. */
export function reloadTagChips(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    invalidateContract(queryClient, listMyTags),
    invalidateContract(queryClient, listPopularTags),
    invalidateContract(queryClient, listAllKlipTags),
  ]);
}

/** Adds one tag (the caller checked it) and writes the klip's tags as the server answers them into every cached list. */
export function useAddKlipTag(klip: Pick<KlipCard, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => callApi(addKlipTags, { params: { id: klip.id }, body: { tags: [tag] } }),
    onSuccess: ({ tags }) => {
      patchCachedKlip(queryClient, klip.id, (k) => ({ ...k, tags }));
      void reloadTagChips(queryClient);
    },
  });
}

export function useRemoveKlipTag(klip: Pick<KlipCard, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => callApi(removeKlipTag, { params: { id: klip.id, tag } }),
    onSuccess: ({ tags }) => {
      patchCachedKlip(queryClient, klip.id, (k) => ({ ...k, tags }));
      void reloadTagChips(queryClient);
    },
  });
}

/** Public or private; the collection and its tag chips reload, as the klip joins or leaves them. */
export function useSetKlipVisibility(klip: Pick<KlipCard, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) => callApi(setKlipVisibility, { params: { id: klip.id }, body: { isPublic } }),
    onSuccess: ({ isPublic }) => {
      patchCachedKlip(queryClient, klip.id, (k) => ({ ...k, isPublic }));
      void invalidateContract(queryClient, listCollection);
      void invalidateContract(queryClient, listPopularTags);
    },
  });
}
