import { useEffect, useRef } from 'react';
import type { StoreStatus } from '#contracts/stores.ts';
import { isSyncRunning } from '#web/components/stores/api/get-store-status.ts';
import { useStoreProductsChanged } from '#web/components/stores/api/list-store-products.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { shellTexts } from '#web/lib/texts.ts';
import { ConnectOptions } from './components/connect-options.tsx';
import { ConnectResult } from './components/connect-result.tsx';
import { ConnectionCard } from './components/connection-card.tsx';
import { ProductGrid } from './components/product-grid.tsx';
import { StoreGate } from './components/store-gate.tsx';
import { storeTexts } from './texts.ts';

/** While the import runs the products arrive; when it ends, the catalogue on screen is read again. */
function useCatalogueRefresh(status: StoreStatus) {
  const changed = useStoreProductsChanged();
  const running = isSyncRunning(status);
  const previous = useRef(running);
  useEffect(() => {
    if (previous.current && !running) void changed();
    previous.current = running;
  }, [running, changed]);
}

function ConnectedStore({ workspaceId, status }: { workspaceId: string; status: StoreStatus }) {
  useCatalogueRefresh(status);
  const { connection } = status;
  if (!connection) return <ConnectOptions workspaceId={workspaceId} status={status} />;
  return (
    <div className="flex flex-col gap-8">
      <ConnectionCard workspaceId={workspaceId} status={{ ...status, connection }} />
      <ProductGrid workspaceId={workspaceId} demo={connection.method === 'demo'} importing={connection.sync.status === 'running'} />
    </div>
  );
}

/** /store: the workspace's connected Shopify store (or the demo store), its import and its catalogue. */
export default function StorePage() {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(storeTexts.pageName)}</title>
      <BackLink />
      <div className="mt-4">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{storeTexts.pageName}</h1>
        <p className="mt-1 max-w-2xl text-ink-600">{storeTexts.intro}</p>
      </div>
      <div className="mt-6 flex flex-col gap-6">
        <ConnectResult />
        <StoreGate>{(workspaceId, status) => <ConnectedStore workspaceId={workspaceId} status={status} />}</StoreGate>
      </div>
    </main>
  );
}
