import { FlaskConical } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useStoreEntitled } from '#web/components/stores/use-connected-store.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { PlanRequiredPanel } from '#web/components/plans/plan-required-panel.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { shellTexts } from '#web/lib/texts.ts';
import { useDemoStorefrontProduct } from './api/get-demo-storefront-product.ts';
import { MediaGallery } from './components/media-gallery.tsx';
import { SectionSpinner } from './components/store-gate.tsx';
import { storeTexts } from './texts.ts';

function DemoBanner() {
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-2xl bg-deal-400 px-4 py-3 text-ink-950 sm:flex-row sm:items-center sm:justify-between"
      data-testid="demo-banner"
    >
      <p className="flex items-start gap-2 text-sm">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-bold">{storeTexts.storefrontBannerTitle}.</strong> {storeTexts.storefrontBanner}
        </span>
      </p>
      <Link to={paths.store} className={buttonStyles({ variant: 'inverse', size: 'sm', className: 'shrink-0 self-start sm:self-auto' })}>
        {storeTexts.backToStore}
      </Link>
    </div>
  );
}

function Storefront({ workspaceId, handle }: { workspaceId: string; handle: string }) {
  const product = useDemoStorefrontProduct(workspaceId, handle, true);
  if (!product.data) return <StorefrontState product={product} />;
  const data = product.data;
  return (
    <article className="grid gap-8 md:grid-cols-2 md:gap-10" data-testid="demo-product">
      <title>{shellTexts.pageTitle(data.title)}</title>
      <MediaGallery media={data.media} title={data.title} />
      <div className="flex flex-col gap-4">
        <div>
          {data.vendor && <p className="text-xs font-semibold tracking-[0.18em] text-ink-500 uppercase">{data.vendor}</p>}
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink-900">{data.title}</h1>
          <p className="mt-2 text-xl text-ink-800 tabular-nums">{data.price}</p>
        </div>
        <Button size="lg" disabled aria-describedby="demo-cart-note" className="w-full sm:w-auto">
          {storeTexts.addToCart}
        </Button>
        <p id="demo-cart-note" className="text-xs text-ink-500">
          {storeTexts.addToCartDemo}
        </p>
        <div className="border-t border-ink-200 pt-4 text-[15px] leading-relaxed whitespace-pre-line text-ink-700">{data.description}</div>
      </div>
    </article>
  );
}

/** Loading, not found or failed: with the page's general title (the product's once it is there). */
function StorefrontState({ product }: { product: ReturnType<typeof useDemoStorefrontProduct> }) {
  const title = <title>{shellTexts.pageTitle(storeTexts.storefrontBannerTitle)}</title>;
  if (product.isPending)
    return (
      <>
        {title}
        <SectionSpinner label={storeTexts.storefrontLoading} />
      </>
    );
  if (product.isError) {
    if (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400))
      return (
        <Card className="p-8 text-center">
          {title}
          <h1 className="text-xl font-bold text-ink-900">{storeTexts.notFound}</h1>
        </Card>
      );
    return (
      <>
        {title}
        <LoadError title={storeTexts.storefrontFailed} query={product} />
      </>
    );
  }
  return null;
}

/** /store/demo/products/:handle: a demo store product page as a shopper sees it, with the media published from Klipt. */
export default function DemoStorefrontPage() {
  const { handle = '' } = useParams();
  const { workspaceId, entitled } = useStoreEntitled();
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {(!workspaceId || !entitled) && <title>{shellTexts.pageTitle(storeTexts.storefrontBannerTitle)}</title>}
      <BackLink to={paths.store}>{storeTexts.backToStore}</BackLink>
      <div className="mt-4 flex flex-col gap-6">
        <DemoBanner />
        {!workspaceId ? (
          <SectionSpinner label={storeTexts.storefrontLoading} />
        ) : !entitled ? (
          <PlanRequiredPanel feature="storeConnections" title={storeTexts.upgradeTitle} testId="store-upgrade" />
        ) : (
          <Storefront workspaceId={workspaceId} handle={handle} />
        )}
      </div>
    </main>
  );
}
