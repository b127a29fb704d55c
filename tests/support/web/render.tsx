import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

/** Shows where the router is, so tests can assert navigations ("/dashboard", "/onboarding"). */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/** Renders `<Routes>` at a URL (with optional router state) inside a fresh query client. */
export function renderRoutes(routes: ReactNode, url: string, options: { state?: unknown; queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  const target = new URL(url, 'http://localhost');
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: target.pathname, search: target.search, state: options.state }]}>
        <Suspense fallback={<p>Loading page</p>}>{routes}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
