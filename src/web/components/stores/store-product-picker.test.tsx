import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreProduct } from '#contracts/stores.ts';
import { json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import { storeComponentTexts } from '#web/lib/texts.ts';
import { StoreProductPicker } from './store-product-picker.tsx';
import { productFixture, statusFixture, storeServer } from './testing/fixtures.ts';
import { listStoreProducts } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const picked = vi.fn<(products: StoreProduct[] | StoreProduct) => void>();
afterEach(() => picked.mockReset());

function Harness({ mode, max }: { mode: 'single' | 'multi'; max?: number }) {
  const [open, setOpen] = useState(true);
  return mode === 'single' ? (
    <StoreProductPicker open={open} onOpenChange={setOpen} mode="single" onPick={picked} />
  ) : (
    <StoreProductPicker open={open} onOpenChange={setOpen} mode="multi" {...(max ? { max } : {})} onPick={picked} />
  );
}

const catalogue = () => [
  productFixture(1, { title: 'Amber Candle' }),
  productFixture(2, { title: 'Birch Candle', status: 'draft' }),
  productFixture(3, { title: 'Cedar Soap' }),
  productFixture(4, { title: 'No Photo Yet', images: [] }),
];

describe('Store product picker', () => {
  it('searches the catalogue by title and picks one product with the keyboard (single)', async () => {
    const api = storeServer({ products: catalogue });
    const user = userEvent.setup();
    renderRoutes(<Harness mode="single" />, '/create/image');
    const dialog = await screen.findByRole('dialog', { name: 'Pick a product photo' });
    const list = within(await within(dialog).findByRole('list', { name: 'Products' }));
    expect(list.getAllByRole('button')).toHaveLength(4);
    expect(list.getByText('Draft')).not.toBeNull();
    expect(list.getByRole('button', { name: /No Photo Yet/ }).hasAttribute('disabled')).toBe(true);
    expect(await seriousViolations()).toEqual([]);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search products' }), 'candle');
    await waitFor(() => expect(within(dialog).getAllByRole('button', { pressed: false })).toHaveLength(2));
    expect(api.calls(listStoreProducts).at(-1)?.url.searchParams.get('q')).toBe('candle');

    const amber = within(dialog).getByRole('button', { name: /Amber Candle/ });
    amber.focus();
    await user.keyboard(' ');
    expect(amber.getAttribute('aria-pressed')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: /Birch Candle/ }));
    expect(amber.getAttribute('aria-pressed')).toBe('false');
    await user.click(within(dialog).getByRole('button', { name: 'Use product photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(picked).toHaveBeenCalledWith(expect.objectContaining({ title: 'Birch Candle' }));
  });

  it('says No matches for a search that finds nothing', async () => {
    storeServer({ products: catalogue });
    const user = userEvent.setup();
    renderRoutes(<Harness mode="single" />, '/create/image');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('list', { name: 'Products' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search products' }), 'zebra');
    expect(await within(dialog).findByText('No products match “zebra”.')).not.toBeNull();
  });

  it('picks several products up to the limit and refuses one more with the contract’s message (multi)', async () => {
    storeServer({ products: catalogue });
    const user = userEvent.setup();
    renderRoutes(<Harness mode="multi" max={2} />, '/create/batch');
    const dialog = await screen.findByRole('dialog', { name: 'Add products from your store' });
    await user.click(await within(dialog).findByRole('button', { name: /Amber Candle/ }));
    await user.click(within(dialog).getByRole('button', { name: /Birch Candle/ }));
    expect(within(dialog).getByText('2 of 2 selected')).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /Cedar Soap/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe(storeComponentTexts.tooManyProducts);
    expect(
      within(dialog)
        .getByRole('button', { name: /Cedar Soap/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    // Unpicking one makes room again.
    await user.click(within(dialog).getByRole('button', { name: /Amber Candle/ }));
    await user.click(within(dialog).getByRole('button', { name: /Cedar Soap/ }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 products' }));
    expect(picked).toHaveBeenCalledWith([
      expect.objectContaining({ title: 'Birch Candle' }),
      expect.objectContaining({ title: 'Cedar Soap' }),
    ]);
  });

  it('leads to /store when no store is connected, asking for no products', async () => {
    const api = storeServer({ status: () => statusFixture({ connection: null }) });
    renderRoutes(
      <>
        <Harness mode="single" />
        <LocationProbe />
      </>,
      '/create/image',
    );
    const empty = await screen.findByTestId('store-picker-empty');
    expect(empty.textContent).toContain('No store connected');
    expect(within(empty).getByRole('link', { name: 'Go to Store' }).getAttribute('href')).toBe('/store');
    expect(api.calls(listStoreProducts)).toHaveLength(0);
  });

  it('says the catalogue is empty and leads to /store to import it', async () => {
    storeServer(
      {},
      on(listStoreProducts, () => json(200, { products: [], nextCursor: null })),
    );
    renderRoutes(<Harness mode="multi" />, '/create/batch');
    const empty = await screen.findByTestId('store-picker-empty');
    expect(empty.textContent).toContain('No products yet');
  });
});
