import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender as prerenderToStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppTree } from './app/app.tsx';
import { PAGE_DATA_ID, type PageQuery } from './app/page-data.ts';
import { memoizeRenders } from './app/render-memo.ts';
import { collectionQuery, popularTagsQueryOptions } from './features/collections/api/collection.ts';
import { readCollectionFilters } from './features/collections/lib/collection-filters.ts';
import { buildUrl } from './lib/api-client.ts';
import { contractKey } from './lib/contract-query.ts';
import { getKlip, listCollection, listPopularTags } from '#contracts/routes.ts';

/** The server asking itself for a visitor's answer (src/server/http/page-prerender.ts). */
type Get = (path: string) => Promise<{ status: number; body: unknown }>;

/** Where the server puts a share page's prerendered body in share.html (scripts/prerender-pages.ts). */
export const PAGE_SLOT = '<!--klipt-page-->';

/**
 * The HTML of a page as the app first draws it, lazy chunks included, from the API answers given
 * (none for the landing page). Same tree as main.tsx, in a static router; main.tsx hydrates it.
 * Built for the server (scripts/web-build.ts): the landing page at build time, share pages per
 * request (src/server/http/page-prerender.ts).
 */
export async function prerender(location: string, queries: readonly PageQuery[] = []): Promise<string> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, data] of queries) client.setQueryData(key, data);
  const { prelude } = await prerenderToStream(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={location}>
          <AppTree />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    // Every boundary inline: an outlined one would need React's inline script to be revealed, which
    // the CSP refuses, and the grid's cards are boundaries of their own (klip-results.tsx).
    { progressiveChunkSize: Infinity },
  );
  // React writes a page's <title> where the page renders it, which is the body here; the head has the
  // page's own (index.html's, or the server's for a share page), and hydration puts React's there.
  const html = (await new Response(prelude).text()).replace(/<title>[^<]*<\/title>/g, '');
  if (queries.length === 0) return html;
  // `<` escaped, so no value can end the block early.
  const json = JSON.stringify(queries).replaceAll('<', '\\u003c');
  return `${html}<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/** The visitors' pages, drawn once per address and answers (a few ms of the server's event loop each; about 40 KB a page). */
const drawPublicPage = memoizeRenders(prerender, 100);

/**
 * A share page, drawn from the klip as a visitor's GET /api/klips/:id answers it (`get` is the
 * server asking itself); undefined when a visitor may not see it, so the app draws it as usual.
 */
export async function prerenderSharePage(id: string, get: Get) {
  const answer = await get(buildUrl(getKlip.path, { id }));
  if (answer.status !== 200) return undefined;
  return drawPublicPage(`/share/${encodeURIComponent(id)}`, [[contractKey(getKlip, { params: { id } }), answer.body]]);
}

/**
 * The collections with the filters of `search` (the page's query string), drawn from their first
 * page and the popular tags as a visitor's GET answers them; undefined when either fails.
 */
export async function prerenderCollectionsPage(search: string, get: Get) {
  const query = collectionQuery(readCollectionFilters(new URLSearchParams(search)));
  const [page, tags] = await Promise.all([get(buildUrl(listCollection.path, undefined, query)), get(buildUrl(listPopularTags.path))]);
  if (page.status !== 200 || tags.status !== 200) return undefined;
  return drawPublicPage(`/collections${search}`, [
    [contractKey(listCollection, { query }), { pages: [page.body], pageParams: [null] }],
    [popularTagsQueryOptions.queryKey, tags.body],
  ]);
}
