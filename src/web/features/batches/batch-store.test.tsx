import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchItem } from '#contracts/batches.ts';
import type { Publication } from '#contracts/stores.ts';
import { json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { PUBLICATION_POLL_MS } from '#web/components/stores/api/list-publications.ts';
import { productFixture, productId, publicationFixture, statusFixture, storeServer } from '#web/components/stores/testing/fixtures.ts';
import { Toaster } from '#web/components/ui/toast.tsx';
import { paths } from '#web/lib/paths.ts';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import BatchCreatePage from './batch-create-page.tsx';
import BatchPage from './batch-page.tsx';
import { batchFixture, BATCH_ID, counts, itemFixture, productModel } from './testing/fixtures.ts';
import {
  createBatch,
  getBatch,
  getStoreStatus,
  listBatchItems,
  listPublications,
  listStandardModels,
  publishBatchToStore,
  publishToStore,
  retryPublication,
} from '#contracts/routes.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCreate() {
  return renderRoutes(
    <Routes>
      <Route path={paths.createBatch} element={<BatchCreatePage />} />
      <Route path={paths.batchPattern} element={<LocationProbe />} />
    </Routes>,
    paths.createBatch,
  );
}

describe('Batch from store products: the create page', () => {
  it('offers no From your store without the plan, and asks nothing of the store', async () => {
    const api = storeServer(
      { plan: 'starter' },
      on(listStandardModels, () => json(200, { models: [productModel] })),
    );
    renderCreate();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    await waitFor(() => expect(api.calls(listStandardModels)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'From your store' })).toBeNull();
    expect(api.calls(getStoreStatus)).toHaveLength(0);
  });

  it('offers no From your store when no store is connected', async () => {
    const api = storeServer(
      { status: () => statusFixture({ connection: null }) },
      on(listStandardModels, () => json(200, { models: [productModel] })),
    );
    renderCreate();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    await waitFor(() => expect(api.calls(getStoreStatus)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'From your store' })).toBeNull();
  });

  it('adds picked products as items with photo and title, and starts the batch with their ids', async () => {
    const api = storeServer(
      { products: () => [productFixture(1, { title: 'Amber Candle' }), productFixture(2, { title: 'Birch Candle' }), productFixture(3)] },
      on(listStandardModels, () => json(200, { models: [productModel] })),
      on(createBatch, () => json(202, batchFixture())),
    );
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByRole('button', { name: 'From your store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add products from your store' });
    await user.click(await within(dialog).findByRole('button', { name: /Amber Candle/ }));
    await user.click(within(dialog).getByRole('button', { name: /Birch Candle/ }));
    expect(within(dialog).getByText('2 of 50 selected')).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const picked = within(screen.getByRole('list', { name: 'Products from your store' }));
    expect(picked.getByRole('img', { name: 'Amber Candle' }).getAttribute('src')).toBe('/media/thumb-1.jpg');
    expect(picked.getByText('Birch Candle')).not.toBeNull();
    expect(screen.getByText('2 of 50')).not.toBeNull();
    await user.click(picked.getByRole('button', { name: 'Remove Birch Candle' }));
    expect(screen.queryByText('Birch Candle')).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Prompt/ }), 'on a marble counter');
    await user.click(screen.getByRole('button', { name: 'Start batch' }));
    await screen.findByTestId('location');
    expect(api.calls(createBatch)[0]?.body).toMatchObject({ productUploadIds: [], storeProductIds: [productId(1)] });
  });
});

const storeItems: BatchItem[] = [
  itemFixture(1, { status: 'succeeded', fileName: 'Amber Candle', storeProduct: { id: productId(1), title: 'Amber Candle' } }),
  itemFixture(2, { status: 'succeeded', fileName: 'Birch Candle', storeProduct: { id: productId(2), title: 'Birch Candle' } }),
  itemFixture(3, { status: 'succeeded', fileName: 'Cedar Candle', storeProduct: { id: productId(3), title: 'Cedar Candle' } }),
];
const klipOf = (n: number) => storeItems[n - 1]!.klip!.id;
const finishedBatch = batchFixture({ status: 'finished', counts: counts({ total: 3, succeeded: 3 }), progress: 100 });

function renderBatch() {
  return renderRoutes(
    <>
      <Routes>
        <Route path={paths.batchPattern} element={<BatchPage />} />
      </Routes>
      <Toaster />
    </>,
    paths.batch(BATCH_ID),
  );
}

const itemCard = (title: string) => within(screen.getByRole('img', { name: `${title}, generated` }).closest('li')!);

describe('Batch from store products: publishing', () => {
  it('publishes all, then shows each item’s product and status, polling while any is on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let publications: Publication[] = [];
    const api = storeServer(
      { publications: () => publications },
      on(getBatch, () => json(200, finishedBatch)),
      on(listBatchItems, () => json(200, { items: storeItems, nextCursor: null })),
      on(publishBatchToStore, () => {
        publications = [1, 2, 3].map((n) =>
          publicationFixture(n, { klipId: klipOf(n), batchId: BATCH_ID, status: n === 1 ? 'publishing' : 'queued' }),
        );
        return json(202, { publications });
      }),
    );
    renderBatch();
    const button = await screen.findByRole('button', { name: 'Publish all to store' });
    expect(itemCard('Amber Candle').getByText('Product: Amber Candle')).not.toBeNull();
    expect(itemCard('Amber Candle').getByText('Not published yet')).not.toBeNull();

    await userEvent.click(button);
    await waitFor(() => expect(itemCard('Amber Candle').getByTestId('publication-status').textContent).toBe('Publishing'));
    expect(itemCard('Birch Candle').getByTestId('publication-status').textContent).toBe('Queued');
    expect(api.calls(publishBatchToStore)[0]?.body).toEqual({ featured: false });
    expect(await screen.findByText('Publishing 3 images to your store')).not.toBeNull();

    const asked = () => api.calls(listPublications).length;
    const before = asked();
    publications = publications.map((p) => ({ ...p, status: 'published', mediaId: 'gid://shopify/MediaImage/1' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS);
    });
    await waitFor(() => expect(itemCard('Cedar Candle').getByTestId('publication-status').textContent).toBe('Published'));
    const settled = asked();
    expect(settled).toBeGreaterThan(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS * 3);
    });
    expect(asked()).toBe(settled);
  });

  it('publishes one item onto its own product from its card', async () => {
    let publications: Publication[] = [];
    const api = storeServer(
      { publications: () => publications },
      on(getBatch, () => json(200, finishedBatch)),
      on(listBatchItems, () => json(200, { items: storeItems, nextCursor: null })),
      on(publishToStore, () => {
        publications = [publicationFixture(2, { klipId: klipOf(2), batchId: null, status: 'queued' })];
        return json(202, { publications });
      }),
    );
    const user = userEvent.setup();
    renderBatch();
    await user.click(await waitFor(() => itemCard('Birch Candle').getByRole('button', { name: 'Publish to Birch Candle' })));
    expect(api.calls(publishToStore)[0]?.body).toEqual({ items: [{ klipId: klipOf(2), productId: productId(2) }] });
    await waitFor(() => expect(itemCard('Birch Candle').getByTestId('publication-status').textContent).toBe('Queued'));
    expect(itemCard('Amber Candle').getByRole('button', { name: 'Publish to Amber Candle' })).not.toBeNull();
  });

  it('shows Shopify’s reason for a failed item and retries it', async () => {
    let publications = [
      publicationFixture(1, { klipId: klipOf(1), batchId: BATCH_ID, status: 'published' }),
      publicationFixture(2, { klipId: klipOf(2), batchId: BATCH_ID, status: 'failed', error: 'Image is too large for this product' }),
    ];
    const api = storeServer(
      { publications: () => publications },
      on(getBatch, () => json(200, finishedBatch)),
      on(listBatchItems, () => json(200, { items: storeItems, nextCursor: null })),
      on(retryPublication, (req) => {
        publications = publications.map((p) => (p.id === req.params.publicationId ? { ...p, status: 'queued', error: null } : p));
        return json(202, publications[1]);
      }),
    );
    const user = userEvent.setup();
    renderBatch();
    const failed = await waitFor(() => {
      const card = itemCard('Birch Candle');
      expect(card.getByText('Image is too large for this product')).not.toBeNull();
      return card;
    });
    expect(itemCard('Amber Candle').queryByRole('button', { name: /Retry/ })).toBeNull();
    await user.click(failed.getByRole('button', { name: 'Retry publishing to Product 2' }));
    await waitFor(() => expect(itemCard('Birch Candle').getByTestId('publication-status').textContent).toBe('Queued'));
    expect(api.calls(retryPublication)[0]?.params.publicationId).toBe(publications[1]!.id);
  });

  it('offers no Publish all for a batch of dropped photos', async () => {
    const api = storeServer(
      {},
      on(getBatch, () => json(200, finishedBatch)),
      on(listBatchItems, () => json(200, { items: [itemFixture(1, { status: 'succeeded' })], nextCursor: null })),
    );
    renderBatch();
    await screen.findByText('product-1.png');
    expect(screen.queryByRole('button', { name: 'Publish all to store' })).toBeNull();
    expect(api.calls(listPublications)).toHaveLength(0);
  });
});
