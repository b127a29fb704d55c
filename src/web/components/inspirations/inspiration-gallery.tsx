import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { InspirationCategory } from '#contracts/inspirations.ts';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { LoadError } from '../ui/load-error.tsx';
import type { ContractKey } from '../../lib/contract-query.ts';
import type { InspirationFilters } from '../../lib/inspiration-filters.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { inspirationTexts } from '../../lib/texts.ts';

const SEARCH_DEBOUNCE_MS = 300;

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

function GridSkeleton() {
  return (
    <div role="status" aria-label={inspirationTexts.loading} className={grid}>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-ink-200">
          <div className="aspect-square animate-pulse bg-ink-100" />
          <div className="space-y-2 p-3.5">
            <div className="h-4 w-1/3 animate-pulse rounded bg-ink-100" />
            <div className="h-3 w-full animate-pulse rounded bg-ink-100" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-ink-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The body of a Get Inspired modal (images and videos): search (debounced, on the server), category
 * and subcategory (shown once a category is chosen), then a grid of examples with loading, empty
 * and 'Failed to load examples' (with a retry) states. Each example is drawn by `renderItem` as an `<li>`.
 */
export function InspirationGallery<T extends { id: string }, TExamples, TCategories>({
  examplesQuery,
  categoriesQuery,
  renderItem,
  searchPlaceholder,
}: {
  /** The examples matching the filters (e.g. `inspirationsQueryOptions`). */
  examplesQuery: (filters: InspirationFilters) => UseQueryOptions<TExamples, Error, T[], ContractKey>;
  categoriesQuery: UseQueryOptions<TCategories, Error, InspirationCategory[], ContractKey>;
  renderItem: (item: T) => ReactNode;
  searchPlaceholder: string;
}) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const categories = useQuery(categoriesQuery);
  const examples = useQuery(examplesQuery({ category, subcategory, search: debouncedSearch }));
  const subcategories = categories.data?.find((c) => c.category === category)?.subcategories ?? [];

  let body;
  if (examples.isError && !examples.data) {
    body = <LoadError title={inspirationTexts.loadFailed} query={examples} />;
  } else if (examples.isPending) {
    body = <GridSkeleton />;
  } else if (examples.data.length === 0) {
    body = (
      <div className="rounded-2xl border border-dashed border-ink-300 px-6 py-12 text-center">
        <p className="font-semibold text-ink-900">{inspirationTexts.empty}</p>
        <p className="mt-1 text-sm text-ink-600">{inspirationTexts.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <ul className={grid} aria-busy={examples.isPlaceholderData || undefined}>
        {examples.data.map(renderItem)}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2.5 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400" />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={searchPlaceholder}
            aria-label={inspirationTexts.search}
            className="pl-10"
            maxLength={100}
          />
        </div>
        <Select
          aria-label={inspirationTexts.category}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setSubcategory('');
          }}
          placeholder={inspirationTexts.allCategories}
          options={(categories.data ?? []).map((c) => ({ value: c.category, label: c.category }))}
          className="sm:w-48"
        />
        {category && subcategories.length > 0 && (
          <Select
            aria-label={inspirationTexts.subcategory}
            value={subcategory}
            onChange={(e) => setSubcategory(e.target.value)}
            placeholder={inspirationTexts.allSubcategories}
            options={subcategories.map((s) => ({ value: s, label: s }))}
            className="sm:w-48"
          />
        )}
      </div>
      <div className="relative">
        {examples.isFetching && !examples.isPending && (
          <div className="absolute -top-3.5 right-0">
            <Spinner size="sm" label={inspirationTexts.updating} />
          </div>
        )}
        {body}
      </div>
    </div>
  );
}
