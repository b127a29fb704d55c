import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * The query string of the current URL, read-only. Uses `useLocation` (already in the entry chunk)
 * rather than react-router's `useSearchParams`, whose code would otherwise be added to the
 * landing page's entry chunk.
 */
export function useSearch(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}
