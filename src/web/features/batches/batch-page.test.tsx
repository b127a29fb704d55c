import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchMessages, type Batch, type BatchItem } from '#contracts/batches.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { Toaster } from '../../components/ui/toast.tsx';
import { paths } from '../../lib/paths.ts';
import { BATCH_POLL_MS } from './api/get-batch.ts';
import BatchPage from './batch-page.tsx';
import { batchFixture, BATCH_ID, counts, itemFixture } from './testing/fixtures.ts';
import { batchesTexts } from './texts.ts';
import { cancelBatch, getBatch, getMe, listBatchItems, retryBatch } from '#contracts/routes.ts';

const mixedBatch = batchFixture({
  counts: counts({ total: 5, waiting: 1, running: 1, succeeded: 1, failed: 1, cancelled: 1 }),
  progress: 60,
});
const mixedItems: BatchItem[] = [
  itemFixture(1, { status: 'waiting' }),
  itemFixture(2, { status: 'running', progress: 40 }),
  itemFixture(3, { status: 'succeeded' }),
  itemFixture(4, { status: 'failed', error: { code: 'PROVIDER_FAILED', message: 'The image service refused this photo.' } }),
  itemFixture(5, { status: 'cancelled' }),
];

function server(batch: Batch | (() => Batch), items: BatchItem[] = mixedItems, extra: FakeRoute[] = []) {
  return fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(getBatch, () => json(200, typeof batch === 'function' ? batch() : batch)),
    on(listBatchItems, () => json(200, { items, nextCursor: null })),
    ...extra,
  );
}

function renderPage(id = BATCH_ID) {
  return renderRoutes(
    <>
      <Routes>
        <Route path={paths.batchPattern} element={<BatchPage />} />
      </Routes>
      <Toaster />
    </>,
    paths.batch(id),
  );
}

const card = (fileName: string) => within(screen.getByText(fileName).closest('li')!);
/** The header's top row: the name and the status badge. */
const headerTop = () => within(screen.getByRole('heading', { level: 1 }).parentElement!.parentElement!);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Batch generation: the batch page', () => {
  it('shows the batch, its progress and every photo with its state', async () => {
    server(mixedBatch);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring catalogue' })).toBeTruthy();
    expect(document.title).toBe('Spring catalogue — Klipt');
    expect(screen.getByText(mixedBatch.prompt)).toBeTruthy();
    expect(screen.getByText(/Klipt AI Editor · 1:1/)).toBeTruthy();
    expect(headerTop().getByText('Running')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Batch progress' }).getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByText('3 of 5 finished')).toBeTruthy();

    await screen.findByText('product-1.png');
    expect(card('product-1.png').getByText('Waiting')).toBeTruthy();
    expect(card('product-1.png').getByRole<HTMLImageElement>('img').getAttribute('src')).toBe('/files/uploads/u1/product-1.png');
    expect(card('product-2.png').getByText('Generating')).toBeTruthy();
    expect(card('product-2.png').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(card('product-3.png').getByText('Done')).toBeTruthy();
    expect(card('product-3.png').getByRole('img', { name: 'product-3.png, generated' }).getAttribute('src')).toBe(
      '/files/klips/u1/3-thumb.webp',
    );
    expect(card('product-4.png').getByText('Failed')).toBeTruthy();
    expect(card('product-4.png').getByText('The image service refused this photo.')).toBeTruthy();
    expect(card('product-5.png').getByText(batchMessages.cancelledItem)).toBeTruthy();
  });

  it('cancels the batch after confirming and announces the refund', async () => {
    const cancelled = batchFixture({
      ...mixedBatch,
      status: 'cancelled',
      canCancel: false,
      counts: { ...mixedBatch.counts, waiting: 0, cancelled: 2 },
    });
    const api = server(mixedBatch, mixedItems, [on(cancelBatch, () => json(200, { batch: cancelled, refundedCredits: 3 }))]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: batchesTexts.cancel }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this batch?' }));
    expect(api.calls(cancelBatch)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: batchesTexts.cancel }));

    expect(await screen.findByText('3 credits refunded')).toBeTruthy();
    expect(api.calls(cancelBatch, { id: BATCH_ID })).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headerTop().getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: batchesTexts.cancel })).toBeNull();
  });

  it('offers Cancel only while some photo waits: not while the last ones are being generated', async () => {
    // Two photos still being generated, none waiting: the batch runs, but a cancel would stop nothing.
    const lastOnes = batchFixture({ canCancel: false, counts: counts({ running: 2, succeeded: 2 }), progress: 50 });
    server(lastOnes, [itemFixture(1, { status: 'running', progress: 40 }), itemFixture(2, { status: 'succeeded' })]);
    const first = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Spring catalogue' });
    expect(headerTop().getByText('Running')).toBeTruthy();
    expect(screen.queryByRole('button', { name: batchesTexts.cancel })).toBeNull();
    first.unmount();

    server(batchFixture({ canCancel: true, counts: counts({ waiting: 1, running: 1, succeeded: 2 }), progress: 50 }));
    renderPage();
    expect(await screen.findByRole('button', { name: batchesTexts.cancel })).toBeTruthy();
  });

  it('says why when the cancel came too late, and shows the batch as it is now', async () => {
    let now = mixedBatch;
    const lastOnes = batchFixture({ ...mixedBatch, canCancel: false, counts: { ...mixedBatch.counts, waiting: 0, running: 2 } });
    server(() => now, mixedItems, [
      on(cancelBatch, () => {
        // The last waiting photo started meanwhile.
        now = lastOnes;
        return apiError(409, 'CONFLICT', batchMessages.nothingToCancel);
      }),
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: batchesTexts.cancel }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this batch?' }));
    await user.click(dialog.getByRole('button', { name: batchesTexts.cancel }));
    expect(await dialog.findByText(batchMessages.nothingToCancel)).toBeTruthy();
    // Closing the dialog leaves no Cancel behind: the batch was read again.
    await user.click(dialog.getByRole('button', { name: 'Keep running' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: batchesTexts.cancel })).toBeNull());
    expect(headerTop().getByText('Running')).toBeTruthy();
  });

  it("offers 'Retry failed' only when some photos failed", async () => {
    const finished = batchFixture({ status: 'finished', counts: counts({ succeeded: 4 }), progress: 100 });
    server(finished, [itemFixture(1, { status: 'succeeded' })]);
    const first = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Spring catalogue' });
    expect(screen.getByText('Finished')).toBeTruthy();
    expect(screen.queryByRole('button', { name: batchesTexts.retry })).toBeNull();
    expect(screen.queryByRole('button', { name: batchesTexts.cancel })).toBeNull();
    first.unmount();

    const withFailures = batchFixture({ status: 'finished', counts: counts({ succeeded: 2, failed: 2 }), progress: 100 });
    const api = server(withFailures, mixedItems, [on(retryBatch, () => json(202, batchFixture({ status: 'running' })))]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: batchesTexts.retry }));
    await waitFor(() => expect(api.calls(retryBatch, { id: BATCH_ID })).toHaveLength(1));
    expect(await screen.findByText('Retrying 2 failed photos')).toBeTruthy();
    expect(await screen.findByText('Running')).toBeTruthy();
  });

  it('links Download all to the ZIP of the original files or of an export preset', async () => {
    server(batchFixture({ status: 'finished', counts: counts({ succeeded: 4 }), progress: 100 }));
    const user = userEvent.setup();
    renderPage();
    const link = await screen.findByRole('link', { name: batchesTexts.downloadAll });
    expect(link.getAttribute('href')).toBe(`/api/batches/${BATCH_ID}/download`);
    expect(link.hasAttribute('download')).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Download format' }), 'Amazon main image');
    expect(link.getAttribute('href')).toBe(`/api/batches/${BATCH_ID}/download?preset=amazon-main`);
  });

  it('has nothing to download before the first image is done', async () => {
    server(batchFixture());
    renderPage();
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: batchesTexts.downloadAll });
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: batchesTexts.downloadAll })).toBeNull();
  });

  it('polls the batch and its photos while it runs and stops once it has finished', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let current = mixedBatch;
    const api = server(() => current);
    renderPage();
    await screen.findByText('product-1.png');
    expect(api.calls(getBatch)).toHaveLength(1);
    expect(api.calls(listBatchItems)).toHaveLength(1);

    await act(async () => vi.advanceTimersByTime(BATCH_POLL_MS));
    await waitFor(() => expect(api.calls(getBatch)).toHaveLength(2));
    await waitFor(() => expect(api.calls(listBatchItems)).toHaveLength(2));

    current = batchFixture({ status: 'finished', counts: counts({ total: 5, succeeded: 4, failed: 1 }), progress: 100 });
    await act(async () => vi.advanceTimersByTime(BATCH_POLL_MS));
    expect(await screen.findByText('Finished')).toBeTruthy();
    // The photos are read once more for their last state, then nothing is asked any more.
    await waitFor(() => expect(api.calls(listBatchItems)).toHaveLength(4));
    const batchCalls = api.calls(getBatch).length;
    await act(async () => vi.advanceTimersByTime(BATCH_POLL_MS * 4));
    expect(api.calls(getBatch)).toHaveLength(batchCalls);
    expect(api.calls(listBatchItems)).toHaveLength(4);
  });

  it("loads the next page of photos with the cursor ('Load more')", async () => {
    const api = server(
      batchFixture({ status: 'finished', counts: counts({ total: 3, succeeded: 3 }), progress: 100 }),
      [],
      [
        on(listBatchItems, (req) =>
          req.url.searchParams.get('cursor') === 'page-2'
            ? json(200, { items: [itemFixture(3, { status: 'succeeded' })], nextCursor: null })
            : json(200, {
                items: [itemFixture(1, { status: 'succeeded' }), itemFixture(2, { status: 'succeeded' })],
                nextCursor: 'page-2',
              }),
        ),
      ],
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('product-2.png');
    expect(screen.queryByText('product-3.png')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('product-3.png')).toBeTruthy();
    expect(api.calls(listBatchItems).map((r) => r.url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when the batch does not exist', async () => {
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getBatch, () => apiError(404, 'NOT_FOUND', batchMessages.notFound)),
      on(listBatchItems, () => apiError(404, 'NOT_FOUND', batchMessages.notFound)),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: batchMessages.notFound })).toBeTruthy();
    for (const link of screen.getAllByRole('link', { name: 'Back to dashboard' })) expect(link.getAttribute('href')).toBe(paths.dashboard);
  });
});

describe('Batch page: a batch with a saved look', () => {
  it('says which ads every item gets and for how many items they could not be made', async () => {
    server(
      batchFixture({
        status: 'finished',
        counts: counts({ total: 4, succeeded: 4 }),
        progress: 100,
        adLayout: 'bottom-bar',
        adSizes: ['square-feed', 'story'],
        exportPresets: ['etsy-listing'],
        adsFailed: 2,
      }),
    );
    renderPage();
    expect(await screen.findByText(batchesTexts.looks.makesAds('Bottom bar', 'Square feed post, Instagram/TikTok story'))).toBeTruthy();
    expect(screen.getByText(batchesTexts.looks.exports('Etsy listing'))).toBeTruthy();
    expect(screen.getByText('Ads could not be made for 2 items.')).toBeTruthy();
  });
});
