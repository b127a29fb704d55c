import { collectionSorts, klipTypeFilters, type CollectionSort, type KlipTypeFilter } from '#contracts/klip-rules.ts';

/** What the collection shows; kept in the URL (?q=&type=&sort=&tag=) so a filtered view can be shared and survives a reload. */
export interface CollectionFilters {
  /** Trimmed; '' for none. */
  search: string;
  type: KlipTypeFilter;
  sort: CollectionSort;
  tag: string | null;
}

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => values.find((v) => v === value) ?? fallback;

/** Reads the filters from the URL; unknown values fall back to the defaults. */
export function readCollectionFilters(params: URLSearchParams): CollectionFilters {
  const tag = params.get('tag')?.trim().toLowerCase();
  return {
    search: params.get('q')?.trim() ?? '',
    type: pick(klipTypeFilters, params.get('type'), 'all'),
    sort: pick(collectionSorts, params.get('sort'), 'latest'),
    tag: tag ? tag : null,
  };
}

/** The URL query of the filters, leaving out the defaults (the plain collection has none). */
export function collectionSearchParams(filters: CollectionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.sort !== 'latest') params.set('sort', filters.sort);
  if (filters.tag) params.set('tag', filters.tag);
  return params;
}
