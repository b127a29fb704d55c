import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeMessages, type DemoStorefrontProduct } from '#contracts/stores.ts';
import { apiError, json, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { demoConnectionFixture, statusFixture, storeServer } from '#web/components/stores/testing/fixtures.ts';
import { paths } from '#web/lib/paths.ts';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import { TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import DemoStorefrontPage from './demo-storefront-page.tsx';
import { getDemoStorefrontProduct } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const amber: DemoStorefrontProduct = {
  handle: 'amber-candle',
  title: 'Amber Candle',
  description: 'Hand-poured soy wax with notes of amber and vanilla.',
  vendor: 'Klipt Demo Co.',
  price: '$24.00',
  media: [
    { id: 'm1', url: '/demo/amber-1.jpg', alt: 'Amber Candle on white', addedByKlipt: false },
    { id: 'm2', url: '/files/klips/u1/1.png', alt: 'Amber Candle on a marble counter', addedByKlipt: true },
  ],
};

const routes = (
  <Routes>
    <Route path={paths.demoStorefrontPattern} element={<DemoStorefrontPage />} />
  </Routes>
);

describe('Demo storefront page', () => {
  it('shows the product like a shop, with the demo banner, the gallery and Klipt’s media marked', async () => {
    const api = storeServer(
      { status: () => statusFixture({ connection: demoConnectionFixture() }) },
      on(getDemoStorefrontProduct, () => json(200, amber)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.demoStorefront('amber-candle'));
    const product = await screen.findByTestId('demo-product');
    expect(within(product).getByRole('heading', { level: 1, name: 'Amber Candle' })).not.toBeNull();
    expect(product.textContent).toContain('Klipt Demo Co.');
    expect(product.textContent).toContain('$24.00');
    expect(product.textContent).toContain('Hand-poured soy wax');
    const banner = screen.getByTestId('demo-banner');
    expect(banner.textContent).toContain('Klipt’s built-in demo');
    expect(within(banner).getByRole('link', { name: 'Back to Store' }).getAttribute('href')).toBe('/store');
    expect(api.calls(getDemoStorefrontProduct)[0]?.params).toEqual({ workspaceId: TEAM_ID, handle: 'amber-candle' });

    expect(within(product).getByRole('img', { name: 'Amber Candle on white' })).not.toBeNull();
    expect(within(product).queryByTestId('added-by-klipt')).toBeNull();
    await user.click(within(product).getByRole('button', { name: /Show image 2 of 2/ }));
    expect(within(product).getByRole('img', { name: 'Amber Candle on a marble counter' }).getAttribute('src')).toBe(
      '/files/klips/u1/1.png',
    );
    expect(within(product).getByTestId('added-by-klipt').textContent).toBe('Added by Klipt');
    expect(await seriousViolations()).toEqual([]);
  });

  it('says the product is not found for an unknown handle', async () => {
    storeServer(
      {},
      on(getDemoStorefrontProduct, () => apiError(404, 'NOT_FOUND', storeMessages.productNotFound)),
    );
    renderRoutes(routes, paths.demoStorefront('nope'));
    expect(await screen.findByRole('heading', { name: storeMessages.productNotFound })).not.toBeNull();
  });

  it('shows the plan panel without store sync, asking nothing', async () => {
    const api = storeServer({ plan: 'starter' });
    renderRoutes(routes, paths.demoStorefront('amber-candle'));
    expect(await screen.findByTestId('store-upgrade')).not.toBeNull();
    expect(api.calls(getDemoStorefrontProduct)).toHaveLength(0);
  });
});
