import { ExternalLink, PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StoreProduct } from '#contracts/stores.ts';
import { useStoreProducts } from '#web/components/stores/api/list-store-products.ts';
import { ProductThumbnail } from '#web/components/stores/product-thumbnail.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { SearchBox } from '#web/components/ui/search-box.tsx';
import { paths } from '#web/lib/paths.ts';
import { useSearchTerm } from '#web/lib/use-debounced-value.ts';
import { storeComponentTexts } from '#web/lib/texts.ts';
import { storeTexts } from '../texts.ts';

const SEARCH_DELAY_MS = 300;
const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

function ProductCard({ product, demo }: { product: StoreProduct; demo: boolean }) {
  return (
    <li
      className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-ink-200 bg-white shadow-[var(--shadow-card)]"
      data-testid="store-product"
    >
      <div className="relative">
        <ProductThumbnail product={product} className="aspect-square w-full" />
        {product.status !== 'active' && (
          <Badge tone="warning" className="absolute top-2 left-2 shadow-sm">
            {storeComponentTexts.statusLabels[product.status]}
          </Badge>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold text-ink-900" title={product.title}>
          {product.title}
        </h3>
        {product.vendor && <p className="truncate text-xs text-ink-500">{product.vendor}</p>}
        <p className="mt-auto flex flex-wrap gap-x-2 pt-1 text-xs text-ink-600 tabular-nums">
          <span>{storeComponentTexts.imageCount(product.images.length)}</span>
          {product.publishedCount > 0 && (
            <span className="font-semibold text-green-700">{storeTexts.publishedCount(product.publishedCount)}</span>
          )}
        </p>
        {demo && (
          <Link
            to={paths.demoStorefront(product.handle)}
            className="mt-1 inline-flex items-center gap-1 self-start rounded text-xs font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            {storeTexts.viewInDemoStore}
            <span className="sr-only">: {product.title}</span>
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        )}
      </div>
    </li>
  );
}

/** The imported catalogue: search, thumbnails, status, photo and published counts, 'Load more'. */
export function ProductGrid({ workspaceId, demo, importing }: { workspaceId: string; demo: boolean; importing: boolean }) {
  const [text, setText] = useState('');
  const q = useSearchTerm(text, SEARCH_DELAY_MS);
  const products = useStoreProducts(workspaceId, q, importing);
  const list = products.data?.pages.flatMap((page) => page.products) ?? [];

  let body;
  if (products.isPending)
    body = (
      <div role="status" aria-label={storeComponentTexts.loading} className={grid}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-ink-100" />
        ))}
      </div>
    );
  else if (products.isError && !products.data) body = <LoadError title={storeComponentTexts.loadFailed} query={products} />;
  else if (list.length === 0)
    body = (
      <div
        className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-ink-200 px-4 py-12 text-center"
        data-testid="store-products-empty"
      >
        <PackageOpen className="size-8 text-ink-400" aria-hidden="true" />
        <p className="text-sm text-ink-600">
          {q ? storeComponentTexts.noMatches(q) : importing ? storeTexts.importing : storeTexts.noProducts}
        </p>
      </div>
    );
  else
    body = (
      <div className="flex flex-col items-center gap-5">
        <ul aria-label={storeTexts.products} className={`${grid} w-full`}>
          {list.map((product) => (
            <ProductCard key={product.id} product={product} demo={demo} />
          ))}
        </ul>
        {products.hasNextPage && (
          <Button variant="secondary" onClick={() => void products.fetchNextPage()} loading={products.isFetchingNextPage}>
            {storeComponentTexts.loadMore}
          </Button>
        )}
      </div>
    );

  return (
    <section aria-labelledby="store-products-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="store-products-title" className="text-lg font-semibold text-ink-900">
          {storeTexts.products}
        </h2>
        <SearchBox
          value={text}
          onChange={setText}
          label={storeComponentTexts.search}
          placeholder={storeComponentTexts.searchPlaceholder}
          clearLabel={storeComponentTexts.clearSearch}
          className="sm:max-w-xs"
        />
      </div>
      {body}
    </section>
  );
}
