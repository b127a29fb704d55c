/** What a Get Inspired gallery (images or videos) filters its examples by. */
export interface InspirationFilters {
  category: string;
  subcategory: string;
  search: string;
}

/** The query string of a gallery's filters: empty ones left out, a subcategory only with its category. */
export function inspirationQuery(filters: InspirationFilters): { category?: string; subcategory?: string; search?: string } {
  return {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.category && filters.subcategory ? { subcategory: filters.subcategory } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
  };
}
