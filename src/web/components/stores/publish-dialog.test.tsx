import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeMessages, type Publication } from '#contracts/stores.ts';
import { apiError, json, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import { TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import { PublishDialog } from './publish-dialog.tsx';
import { KLIP_ID, productFixture, productId, publicationFixture, storeServer } from './testing/fixtures.ts';
import { listPublications, publishToStore, retryPublication } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderDialog = () =>
  renderRoutes(<PublishDialog workspaceId={TEAM_ID} klipId={KLIP_ID} open onOpenChange={() => {}} />, '/dashboard');

describe('Publish to store dialog', () => {
  it('publishes the klip onto the chosen product as its featured image, then lists the publication', async () => {
    let publications: Publication[] = [];
    const api = storeServer(
      {
        products: () => [productFixture(1, { title: 'Amber Candle' }), productFixture(2, { title: 'Birch Candle' })],
        publications: () => publications,
      },
      on(publishToStore, () => {
        publications = [publicationFixture(2, { productTitle: 'Birch Candle', featured: true, status: 'queued' })];
        return json(202, { publications });
      }),
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Publish to store' });
    expect(await within(dialog).findByText('Not published to your store yet.')).not.toBeNull();
    const publish = within(dialog).getByRole('button', { name: 'Publish' });
    expect(publish.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Choose a product to publish to.')).not.toBeNull();

    await user.click(await within(dialog).findByRole('button', { name: /Birch Candle/ }));
    expect(within(dialog).getByText('Publishing to Birch Candle')).not.toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: /Make it the featured image/ }));
    expect(await seriousViolations()).toEqual([]);
    await user.click(publish);

    const list = await within(dialog).findByTestId('klip-publications');
    expect(within(list).getByText('Birch Candle')).not.toBeNull();
    expect(within(list).getByTestId('publication-status').textContent).toBe('Queued');
    expect(within(list).getByText('Featured')).not.toBeNull();
    expect(api.calls(publishToStore)[0]?.body).toEqual({ items: [{ klipId: KLIP_ID, productId: productId(2) }], featured: true });
    expect(api.calls(listPublications).at(-1)?.url.searchParams.get('klipId')).toBe(KLIP_ID);
  });

  it('shows every status, Shopify’s reason for a failure, and retries a failed one', async () => {
    let publications = [
      publicationFixture(1, { productTitle: 'Amber Candle', status: 'published' }),
      publicationFixture(2, { productTitle: 'Birch Candle', status: 'publishing' }),
      publicationFixture(3, { productTitle: 'Cedar Soap', status: 'failed', error: 'Media limit reached for this product' }),
    ];
    const api = storeServer(
      { publications: () => publications },
      on(retryPublication, (req) => {
        publications = publications.map((p) => (p.id === req.params.publicationId ? { ...p, status: 'queued', error: null } : p));
        return json(202, publications[2]);
      }),
    );
    const user = userEvent.setup();
    renderDialog();
    const list = await screen.findByTestId('klip-publications');
    expect(
      within(list)
        .getAllByTestId('publication-status')
        .map((b) => b.textContent),
    ).toEqual(['Published', 'Publishing', 'Failed']);
    expect(within(list).getByText('Media limit reached for this product')).not.toBeNull();
    expect(within(list).getAllByRole('button', { name: /Retry/ })).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Retry publishing to Cedar Soap' }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('publication-status')
          .map((b) => b.textContent),
      ).toEqual(['Published', 'Publishing', 'Queued']),
    );
    expect(api.calls(retryPublication)[0]?.params.publicationId).toBe(publications[2]!.id);
  });

  it('shows the server’s refusal in place', async () => {
    storeServer(
      {},
      on(publishToStore, () => apiError(400, 'VALIDATION_FAILED', storeMessages.klipNotPublishable)),
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /Product 1/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(storeMessages.klipNotPublishable);
  });
});
