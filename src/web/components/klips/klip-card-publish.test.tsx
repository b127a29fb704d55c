import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { productFixture, publicationFixture, statusFixture, storeServer } from '../stores/testing/fixtures.ts';
import { KlipCard } from './klip-card.tsx';
import { klipFixture } from './testing/fixtures.ts';
import type { KlipCard as KlipCardData } from '#contracts/klips.ts';
import { getStoreStatus, listPublications, publishToStore } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderCard = (klip: KlipCardData) =>
  renderRoutes(
    <Routes>
      <Route path="/" element={<KlipCard klip={klip} />} />
    </Routes>,
    '/',
  );

describe('KlipCard Publish to store', () => {
  it("offers Publish to store on the owner's image klip with a connected store; publishing lists the product's status", async () => {
    const klip = klipFixture();
    let publications = [] as ReturnType<typeof publicationFixture>[];
    const api = storeServer(
      { products: () => [productFixture(1, { title: 'Amber Candle' })], publications: () => publications },
      on(publishToStore, () => {
        publications = [publicationFixture(1, { klipId: klip.id, productTitle: 'Amber Candle' })];
        return json(202, { publications });
      }),
    );
    const user = userEvent.setup();
    renderCard(klip);
    const button = await screen.findByRole('button', { name: 'Publish to store' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Publish to store' });
    await user.click(await within(dialog).findByRole('button', { name: /Amber Candle/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const list = await within(dialog).findByTestId('klip-publications');
    expect(within(list).getByTestId('publication-status').textContent).toBe('Queued');
    expect(api.calls(publishToStore)[0]?.body).toEqual({ items: [{ klipId: klip.id, productId: productFixture(1).id }], featured: false });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it.each([
    ['a video klip', klipFixture({ klipType: 'video', thumbnailUrl: null, posterUrl: '/files/klips/poster.webp' }), {}, 0],
    ["another member's klip", klipFixture({ isOwner: false, canEdit: false }), {}, 0],
    ['a workspace whose plan has no store sync', klipFixture(), { plan: null }, 0],
    ['a workspace with no store connected', klipFixture(), { status: () => statusFixture({ connection: null }) }, 1],
  ] as const)('offers no Publish to store for %s', async (_, klip, options, statusAsked) => {
    const api = storeServer(options);
    renderCard(klip);
    await screen.findByRole('button', { name: 'View full size' });
    await waitFor(() => expect(api.calls(getStoreStatus)).toHaveLength(statusAsked));
    expect(screen.queryByRole('button', { name: 'Publish to store' })).toBeNull();
    expect(api.calls(listPublications)).toHaveLength(0);
  });
});
