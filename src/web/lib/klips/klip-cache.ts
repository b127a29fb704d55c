import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getKlip, listCollection, listMyKlips, type KlipCard, type KlipPage } from '../../../contracts/klips.ts';
import { contractKey } from '../contract-query.ts';

/** The lists that hold klip cards, kept as infinite queries (pages of KlipPage). */
const klipLists = [listMyKlips, listCollection] as const;

/**
 * Writes a change to one klip into every cached screen that shows it (every page of the dashboard's
 * and the collection's lists, whatever their filters, and the share page's klip), so a card looks the
 * same wherever it appears without reloading the lists.
 */
export function patchCachedKlip(queryClient: QueryClient, id: string, patch: (klip: KlipCard) => KlipCard): void {
  for (const contract of klipLists) {
    queryClient.setQueriesData<InfiniteData<KlipPage>>({ queryKey: contractKey(contract) }, (data) =>
      data?.pages
        ? { ...data, pages: data.pages.map((page) => ({ ...page, klips: page.klips.map((k) => (k.id === id ? patch(k) : k)) })) }
        : data,
    );
  }
  queryClient.setQueryData<KlipCard>(contractKey(getKlip, { params: { id } }), (klip) => (klip ? patch(klip) : klip));
}
