import { Check, Store } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StoreProduct } from '#contracts/stores.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { SearchBox } from '#web/components/ui/search-box.tsx';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { useSearchTerm } from '#web/lib/use-debounced-value.ts';
import { useStoreProducts } from './api/list-store-products.ts';
import { firstProductPhoto, ProductThumbnail } from './product-thumbnail.tsx';
import { storeComponentTexts as texts } from '#web/lib/texts.ts';

const SEARCH_DELAY_MS = 250;

/** Nothing to pick from: no store, or a store whose catalogue is empty. Both lead to /store. */
export function PickerEmpty({ title, body }: { title: string; body: string }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center" data-testid="store-picker-empty">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-600">
        <Store className="size-6" />
      </span>
      <p className="font-semibold text-ink-900">{title}</p>
      <p className="max-w-sm text-sm text-ink-600">{body}</p>
      <Link to={paths.store} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
        {texts.goToStore}
      </Link>
    </div>
  );
}

function ProductOption({
  product,
  selected,
  onToggle,
}: {
  product: StoreProduct;
  selected: boolean;
  onToggle: (product: StoreProduct) => void;
}) {
  const photo = firstProductPhoto(product);
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        disabled={!photo}
        onClick={() => onToggle(product)}
        className={cn(
          'group flex w-full flex-col overflow-hidden rounded-xl border bg-white text-left transition-[border-color,box-shadow] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60',
          selected ? 'border-brand-500 ring-2 ring-brand-500' : 'border-ink-200 hover:border-ink-300',
        )}
      >
        <span className="relative block">
          <ProductThumbnail product={product} className="aspect-square w-full" />
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-2 right-2 grid size-6 place-items-center rounded-full ring-1 transition-colors',
              selected ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white/90 text-transparent ring-ink-300',
            )}
          >
            <Check className="size-4" strokeWidth={3} />
          </span>
          {product.status !== 'active' && (
            <Badge tone="warning" className="absolute bottom-2 left-2">
              {texts.statusLabels[product.status]}
            </Badge>
          )}
        </span>
        <span className="flex min-w-0 flex-col gap-0.5 p-2">
          <span className="truncate text-sm font-medium text-ink-900" title={product.title}>
            {product.title}
          </span>
          <span className="truncate text-xs text-ink-500">{photo ? texts.imageCount(product.images.length) : texts.noPhoto}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The catalogue as a searchable grid of toggle buttons (keyboard: Tab and Space/Enter), page by
 * page. Products without an imported photo cannot be picked: there is nothing to start from.
 */
export function ProductBrowser({
  workspaceId,
  selectedIds,
  onToggle,
}: {
  workspaceId: string;
  selectedIds: ReadonlySet<string>;
  onToggle: (product: StoreProduct) => void;
}) {
  const [text, setText] = useState('');
  const q = useSearchTerm(text, SEARCH_DELAY_MS);
  const products = useStoreProducts(workspaceId, q);
  const list = products.data?.pages.flatMap((page) => page.products) ?? [];

  let body;
  if (products.isPending)
    body = (
      <div role="status" aria-label={texts.loading} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[4/5] animate-pulse rounded-xl bg-ink-100" />
        ))}
      </div>
    );
  else if (products.isError && !products.data) body = <LoadError title={texts.loadFailed} query={products} />;
  else if (list.length === 0 && q === '') body = <PickerEmpty title={texts.noProductsTitle} body={texts.noProductsBody} />;
  else if (list.length === 0) body = <p className="py-8 text-center text-sm text-ink-600">{texts.noMatches(q)}</p>;
  else
    body = (
      <div className="flex flex-col items-center gap-4">
        <ul
          aria-label={texts.productsLabel}
          className="grid w-full grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
          aria-busy={products.isFetching}
        >
          {list.map((product) => (
            <ProductOption key={product.id} product={product} selected={selectedIds.has(product.id)} onToggle={onToggle} />
          ))}
        </ul>
        {products.hasNextPage && (
          <Button variant="secondary" size="sm" onClick={() => void products.fetchNextPage()} loading={products.isFetchingNextPage}>
            {texts.loadMore}
          </Button>
        )}
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <SearchBox
        value={text}
        onChange={setText}
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        clearLabel={texts.clearSearch}
        className="flex-none"
      />
      {body}
    </div>
  );
}
