import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { readPageData } from './page-data.ts';
import { queryClient } from './query-client.ts';

// A page the server prerendered for a visitor (a share page, the collections) hydrates from the
// answers it was drawn from, which are the visitor's own.
for (const [key, data] of readPageData()) queryClient.setQueryData(key, data);

/**
 * A public page that a visitor opens from a link (the collections, a share page), routed beside
 * the landing page rather than inside the app's routes: its code arrives in one round with what it
 * imports, without the studio's routes, guards and shell. The query client is the app's one, so
 * its cache carries over when the visitor goes on into the app; the server's prerender gives its own.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
