import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { KlipFilterBar, KlipSearchBox, KlipSelect, TagChips } from '../../components/klips/klip-filters.tsx';
import { KlipResults } from '../../components/klips/klip-results.tsx';
import { PublicShell } from '../../components/layout/public-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useSearchTerm } from '../../lib/use-debounced-value.ts';
import { useCollection, usePopularTags } from './api/collection.ts';
import { collectionSearchParams, readCollectionFilters, type CollectionFilters } from './lib/collection-filters.ts';
import { klipTexts, shellTexts } from '../../lib/texts.ts';
import { collectionsTexts } from './texts.ts';
import type { CollectionSort, KlipTypeFilter } from '#contracts/klip-rules.ts';

/** Typing waits this long before the collection is searched again. */
export const SEARCH_DEBOUNCE_MS = 300;

const typeOptions = [
  { value: 'all', label: collectionsTexts.types.all },
  { value: 'image', label: collectionsTexts.types.image },
  { value: 'video', label: collectionsTexts.types.video },
] as const satisfies ReadonlyArray<{ value: KlipTypeFilter; label: string }>;

const sortOptions = [
  { value: 'latest', label: collectionsTexts.sorts.latest },
  { value: 'trending', label: collectionsTexts.sorts.trending },
  { value: 'top', label: collectionsTexts.sorts.top },
] as const satisfies ReadonlyArray<{ value: CollectionSort; label: string }>;

/** /collections, public: the community's public klips; every filter lives in the URL and starts again at page one. */
export default function CollectionsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readCollectionFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const search = useSearchTerm(searchText, SEARCH_DEBOUNCE_MS);
  const klips = useCollection(filters);
  const tags = usePopularTags();

  function update(change: Partial<CollectionFilters>) {
    setParams(collectionSearchParams({ ...filters, ...change }), { replace: true });
  }

  useEffect(() => {
    if (search !== filters.search) update({ search });
    // Only a settled search writes the URL; the other filters write it themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const filtered = filters.search !== '' || filters.type !== 'all' || filters.tag !== null;

  return (
    <PublicShell>
      <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
        <title>{shellTexts.pageTitle(collectionsTexts.pageName)}</title>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{collectionsTexts.heading}</h1>
        <p className="mt-1 max-w-2xl text-ink-600">{collectionsTexts.intro}</p>

        <Card className="mt-6 flex flex-col gap-3 p-3 sm:p-4">
          <KlipFilterBar label={collectionsTexts.filterLabel}>
            <KlipSearchBox value={searchText} onChange={setSearchText} />
            <div className="flex flex-col gap-3 min-[420px]:flex-row md:gap-5">
              <KlipSelect label={klipTexts.type} value={filters.type} options={typeOptions} onChange={(type) => update({ type })} />
              <KlipSelect label={collectionsTexts.sort} value={filters.sort} options={sortOptions} onChange={(sort) => update({ sort })} />
            </div>
          </KlipFilterBar>
          <TagChips tags={tags.data?.tags ?? []} loading={tags.isPending} selected={filters.tag} onSelect={(tag) => update({ tag })} />
        </Card>

        <div className="mt-5">
          <KlipResults
            query={klips}
            showCreator
            emptyHint={filtered ? klipTexts.noKlipsFiltered : collectionsTexts.empty}
            emptyAction={
              filtered ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearchText('');
                    update({ search: '', type: 'all', tag: null });
                  }}
                >
                  {klipTexts.clearFilters}
                </Button>
              ) : undefined
            }
          />
        </div>
      </main>
    </PublicShell>
  );
}
