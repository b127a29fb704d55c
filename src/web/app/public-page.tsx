import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * A public page that a visitor opens from a link (the collections, a share page), routed beside
 * the landing page rather than inside the app's routes: its code arrives in one round with what it
 * imports, without the studio's routes, guards and shell. The query client is the app's one, so
 * its cache carries over when the visitor goes on into the app.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
