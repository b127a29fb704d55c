import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { klipMessages, type CollectionSort, type KlipTypeFilter } from '../../../contracts/klips.ts';
import { KlipFilterBar, KlipSearchBox, KlipSelect, TagChips } from '../../components/klips/klip-filters.tsx';
import { KlipResults } from '../../components/klips/klip-results.tsx';
import { klipTexts } from '../../components/klips/texts.ts';
import { PublicShell } from '../../components/layout/public-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useCollection, usePopularTags } from './api/collection.ts';
import { collectionSearchParams, readCollectionFilters, type CollectionFilters } from './lib/collection-filters.ts';

/** Typing waits this long before the collection is searched again. */
export const SEARCH_DEBOUNCE_MS = 300;

const typeOptions = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Image Klips' },
  { value: 'video', label: 'Video Klips' },
] as const satisfies ReadonlyArray<{ value: KlipTypeFilter; label: string }>;

const sortOptions = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Trending' },
  { value: 'top', label: 'Top Rated' },
] as const satisfies ReadonlyArray<{ value: CollectionSort; label: string }>;

/** /collections, public: the community's public klips; every filter lives in the URL and starts again at page one. */
export default function CollectionsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readCollectionFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const typed = searchText.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // Clearing the box shows everything at once; typing waits for a pause.
  const search = typed === '' ? '' : debounced;
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
        <title>Collections — Klipt</title>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">Collections</h1>
        <p className="mt-1 max-w-2xl text-ink-600">
          Public klips from the Klipt community. Vote for your favourites and share what inspires you.
        </p>

        <Card className="mt-6 flex flex-col gap-3 p-3 sm:p-4">
          <KlipFilterBar label="Filter the collection">
            <KlipSearchBox value={searchText} onChange={setSearchText} />
            <div className="flex flex-col gap-3 min-[420px]:flex-row md:gap-5">
              <KlipSelect label={klipTexts.type} value={filters.type} options={typeOptions} onChange={(type) => update({ type })} />
              <KlipSelect label="Sort" value={filters.sort} options={sortOptions} onChange={(sort) => update({ sort })} />
            </div>
          </KlipFilterBar>
          <TagChips tags={tags.data?.tags ?? []} selected={filters.tag} onSelect={(tag) => update({ tag })} />
        </Card>

        <div className="mt-5">
          <KlipResults
            query={klips}
            showCreator
            emptyHint={filtered ? klipMessages.noKlipsFiltered : klipMessages.collectionEmpty}
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
