import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { KlipCard, KlipPage } from '#contracts/klips.ts';
import { contractKey } from '../contract-query.ts';
import { getKlip, listAllKlips, listCollection, listMyKlips } from '#contracts/routes.ts';

/** The lists that hold klip cards, kept as infinite queries (pages of KlipPage; God Mode's cards add the creator's email). */
const klipLists = [listMyKlips, listCollection, listAllKlips] as const;

function updateCachedLists(queryClient: QueryClient, update: (klips: KlipCard[]) => KlipCard[]): void {
  for (const contract of klipLists) {
    queryClient.setQueriesData<InfiniteData<KlipPage>>({ queryKey: contractKey(contract) }, (data) =>
      data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, klips: update(page.klips) })) } : data,
    );
  }
}

/**
 * Writes a change to one klip into every cached screen that shows it (every page of the dashboard's,
 * the collection's and God Mode's lists, whatever their filters, and the share page's klip), so a card
 * looks the same wherever it appears without reloading the lists.
 */
export function patchCachedKlip(queryClient: QueryClient, id: string, patch: (klip: KlipCard) => KlipCard): void {
  updateCachedLists(queryClient, (klips) => klips.map((k) => (k.id === id ? patch(k) : k)));
  queryClient.setQueryData<KlipCard>(contractKey(getKlip, { params: { id } }), (klip) => (klip ? patch(klip) : klip));
}

/** Takes a deleted klip out of every cached list and forgets the share page's copy. */
export function removeCachedKlip(queryClient: QueryClient, id: string): void {
  updateCachedLists(queryClient, (klips) => klips.filter((k) => k.id !== id));
  queryClient.removeQueries({ queryKey: contractKey(getKlip, { params: { id } }), exact: true });
}
