import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { storeMessages, type StoreStatus } from '#contracts/stores.ts';
import { apiError, json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { SYNC_POLL_MS } from '#web/components/stores/api/get-store-status.ts';
import {
  connectionFixture,
  demoConnectionFixture,
  productFixture,
  statusFixture,
  storeServer,
} from '#web/components/stores/testing/fixtures.ts';
import { Toaster } from '#web/components/ui/toast.tsx';
import { paths } from '#web/lib/paths.ts';
import { redirectTo } from '#web/lib/redirect.ts';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import { TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import StorePage from './store-page.tsx';
import {
  connectDemoStore,
  connectShopifyToken,
  disconnectStore,
  getStoreStatus,
  listStoreProducts,
  resetDemoStore,
  startShopifyOAuth,
  syncStore,
} from '#contracts/routes.ts';

vi.mock('#web/lib/redirect.ts', () => ({ redirectTo: vi.fn<(url: string) => void>() }));

const routes = (
  <>
    <Routes>
      <Route path={paths.store} element={<StorePage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
    <Toaster />
  </>
);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(redirectTo).mockReset();
});

const notConnected = (overrides: Partial<StoreStatus> = {}) => statusFixture({ connection: null, ...overrides });

describe('Store page: access', () => {
  it('shows the plan that has store sync and no store controls without the entitlement, asking nothing of the store', async () => {
    const api = storeServer({ plan: 'starter' });
    renderRoutes(routes, paths.store);
    const panel = await screen.findByTestId('store-upgrade');
    expect(panel.textContent).toContain(entitlementMessages.planRequired('storeConnections'));
    expect(within(panel).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(paths.buyCredits);
    expect(screen.queryByRole('button', { name: 'Try the demo store' })).toBeNull();
    expect(api.calls(getStoreStatus)).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);
  });

  it('tells a member who cannot manage that owners and admins connect, with no connect controls', async () => {
    storeServer({ role: 'member', status: () => notConnected({ canManage: false }) });
    renderRoutes(routes, paths.store);
    expect((await screen.findByTestId('store-read-only')).textContent).toContain('owner and admins');
    expect(screen.queryByRole('button', { name: /Try the demo store|Connect/ })).toBeNull();
  });
});

describe('Store page: connecting', () => {
  it('offers the demo store (labelled a demo) and the token form, not OAuth when the server has no Shopify app; the demo connects', async () => {
    let status = notConnected();
    const api = storeServer(
      { status: () => status },
      on(connectDemoStore, () => {
        status = statusFixture({ connection: demoConnectionFixture({ sync: { ...connectionFixture().sync, status: 'running' } }) });
        return json(201, status.connection);
      }),
    );
    renderRoutes(routes, paths.store);
    const demo = await screen.findByTestId('connect-demo');
    expect(within(demo).getByText('Demo')).not.toBeNull();
    expect(screen.getByTestId('connect-token')).not.toBeNull();
    expect(screen.queryByTestId('connect-oauth')).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(demo).getByRole('button', { name: 'Try the demo store' }));
    const card = await screen.findByTestId('store-connection');
    expect(within(card).getByText('Demo store')).not.toBeNull();
    expect(within(card).getByText('Klipt Demo Store')).not.toBeNull();
    expect(api.calls(connectDemoStore)).toHaveLength(1);
  });

  it('shows the contract’s messages under each token field and sends nothing until they are right; then connects', async () => {
    let status = notConnected({ demoAvailable: false });
    const api = storeServer(
      { status: () => status },
      on(connectShopifyToken, () => {
        status = statusFixture();
        return json(201, status.connection);
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.store);
    const form = await screen.findByTestId('connect-token');
    expect(screen.queryByTestId('connect-demo')).toBeNull();
    const token = within(form).getByLabelText(/Admin API access token/);
    expect(token.getAttribute('type')).toBe('password');

    await user.click(within(form).getByRole('button', { name: 'Connect store' }));
    expect(within(form).getByText(storeMessages.shopDomainRequired)).not.toBeNull();
    expect(within(form).getByText(storeMessages.accessTokenRequired)).not.toBeNull();

    await user.type(within(form).getByLabelText(/Shop domain/), 'candle-co.com');
    await user.type(token, 'abc 123');
    await user.type(within(form).getByLabelText(/API secret key/), 'has space');
    await user.click(within(form).getByRole('button', { name: 'Connect store' }));
    expect(within(form).getByText(storeMessages.shopDomainInvalid)).not.toBeNull();
    expect(within(form).getByText(storeMessages.accessTokenInvalid)).not.toBeNull();
    expect(within(form).getByText(storeMessages.apiSecretInvalid)).not.toBeNull();
    expect(
      within(form)
        .getByLabelText(/Shop domain/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.calls(connectShopifyToken)).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Shop domain/));
    await user.type(within(form).getByLabelText(/Shop domain/), 'https://Candle-Co.myshopify.com/admin');
    await user.clear(token);
    await user.type(token, 'shpat_0123456789abcdef');
    await user.clear(within(form).getByLabelText(/API secret key/));
    await user.click(within(form).getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByTestId('store-connection')).not.toBeNull();
    expect(api.calls(connectShopifyToken)[0]?.body).toEqual({
      shopDomain: 'https://Candle-Co.myshopify.com/admin',
      accessToken: 'shpat_0123456789abcdef',
    });
  });

  it('shows Shopify’s refusal of a token in place', async () => {
    storeServer(
      { status: () => notConnected() },
      on(connectShopifyToken, () => apiError(502, 'BAD_GATEWAY', storeMessages.tokenRejected)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.store);
    const form = await screen.findByTestId('connect-token');
    await user.type(within(form).getByLabelText(/Shop domain/), 'candle-co.myshopify.com');
    await user.type(within(form).getByLabelText(/Admin API access token/), 'shpat_abc');
    await user.click(within(form).getByRole('button', { name: 'Connect store' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(storeMessages.tokenRejected);
  });

  it('sends the browser to Shopify’s install page with Connect with Shopify', async () => {
    const api = storeServer(
      { status: () => notConnected({ oauthAvailable: true, demoAvailable: false }) },
      on(startShopifyOAuth, () => json(200, { authorizeUrl: 'https://candle-co.myshopify.com/admin/oauth/authorize?client_id=k' })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.store);
    const card = await screen.findByTestId('connect-oauth');
    await user.click(within(card).getByRole('button', { name: 'Connect with Shopify' }));
    expect(within(card).getByText(storeMessages.shopDomainRequired)).not.toBeNull();
    await user.type(within(card).getByLabelText(/Shop domain/), 'candle-co.myshopify.com');
    await user.click(within(card).getByRole('button', { name: 'Connect with Shopify' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://candle-co.myshopify.com/admin/oauth/authorize?client_id=k'));
    expect(api.calls(startShopifyOAuth)[0]?.body).toEqual({ shopDomain: 'candle-co.myshopify.com' });
    expect(api.calls(startShopifyOAuth)[0]?.params).toEqual({ workspaceId: TEAM_ID });
  });

  it('says the store is connected on ?connected=1 and cleans the address', async () => {
    storeServer();
    renderRoutes(
      <>
        <StorePage />
        <LocationProbe />
        <Toaster />
      </>,
      `${paths.store}?connected=1`,
    );
    expect(await screen.findByText('Your Shopify store is connected. Importing your catalogue…')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.store));
    expect(screen.getAllByText('Your Shopify store is connected. Importing your catalogue…')).toHaveLength(1);
  });

  it('explains ?error=<code> in words and lets it be dismissed', async () => {
    storeServer({ status: () => notConnected() });
    const user = userEvent.setup();
    renderRoutes(routes, `${paths.store}?error=oauth_expired`);
    const alert = await screen.findByTestId('store-connect-error');
    expect(alert.textContent).toContain(storeMessages.oauthExpired);
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('store-connect-error')).toBeNull();
  });

  it('reads an unknown ?error code as Shopify not confirming', async () => {
    storeServer({ status: () => notConnected() });
    renderRoutes(routes, `${paths.store}?error=<script>`);
    expect((await screen.findByTestId('store-connect-error')).textContent).toContain(
      'Shopify did not confirm the connection. Please start again from Klipt.',
    );
  });
});

describe('Store page: connected', () => {
  it('shows the import running with its counts, polls every 2 s while it runs, then shows when it synced and reloads the products', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sync = { status: 'running' as const, productCount: 12, imageCount: 30, lastSyncedAt: null, error: null };
    let products = [productFixture(1)];
    const api = storeServer({
      status: () => statusFixture({ connection: connectionFixture({ sync }) }),
      products: () => products,
    });
    renderRoutes(routes, paths.store);
    const status = await screen.findByTestId('sync-status');
    expect(status.textContent).toContain('Importing your catalogue…');
    expect(status.textContent).toContain('12 products · 30 photos');
    expect(screen.getByRole('button', { name: 'Sync now' }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findAllByTestId('store-product')).toHaveLength(1);
    const asked = () => api.calls(getStoreStatus).length;
    expect(asked()).toBe(1);

    sync = { status: 'idle', productCount: 40, imageCount: 90, lastSyncedAt: '2026-11-27T10:00:00.000Z', error: null } as never;
    products = [1, 2].map((n) => productFixture(n));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SYNC_POLL_MS);
    });
    await waitFor(() => expect(screen.getByTestId('sync-status').textContent).toContain('Last synced'));
    expect(screen.getByTestId('sync-status').textContent).toContain('40 products · 90 photos');
    expect(asked()).toBe(2);
    expect(await screen.findAllByTestId('store-product')).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SYNC_POLL_MS * 3);
    });
    expect(asked()).toBe(2);
  });

  it('shows a failed import with its reason; Sync now starts it again', async () => {
    let sync = { status: 'failed', productCount: 3, imageCount: 7, lastSyncedAt: null, error: 'Shopify answered 401' } as const;
    const api = storeServer(
      { status: () => statusFixture({ connection: connectionFixture({ sync: { ...sync } }) }) },
      on(syncStore, () => {
        sync = { ...sync, status: 'running' } as never;
        return json(202, connectionFixture({ sync: { ...sync } }));
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.store);
    const status = await screen.findByTestId('sync-status');
    expect(status.textContent).toContain('The last import failed');
    expect(status.textContent).toContain('Shopify answered 401');
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.getByTestId('sync-status').textContent).toContain('Importing your catalogue…'));
    expect(api.calls(syncStore)).toHaveLength(1);
  });

  it('shows shop, method and live updates; Disconnect asks first, then the connect options return', async () => {
    let status = statusFixture({ connection: connectionFixture({ liveUpdates: false }) });
    const api = storeServer(
      { status: () => status },
      on(disconnectStore, () => {
        status = notConnected();
        return new Response(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.store);
    const card = await screen.findByTestId('store-connection');
    expect(card.textContent).toContain('Candle Co.');
    expect(card.textContent).toContain('candle-co.myshopify.com');
    expect(card.textContent).toContain('Connected with an access token');
    expect(card.textContent).toContain('Live updates off');
    expect(within(card).queryByText('Demo store')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reset demo store' })).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect this store?' });
    expect(api.calls(disconnectStore)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByTestId('connect-token')).not.toBeNull();
    expect(api.calls(disconnectStore)).toHaveLength(1);
  });

  it('for the demo store: the badge, links to each product’s storefront page, and Reset demo store after a confirmation', async () => {
    const api = storeServer(
      {
        status: () => statusFixture({ connection: demoConnectionFixture() }),
        products: () => [productFixture(1, { title: 'Amber Candle', handle: 'amber-candle', publishedCount: 2 })],
      },
      on(resetDemoStore, () => json(200, demoConnectionFixture())),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.store);
    const card = await screen.findByTestId('store-connection');
    expect(within(card).getByText('Demo store')).not.toBeNull();
    const product = await screen.findByTestId('store-product');
    expect(product.textContent).toContain('2 published');
    expect(
      within(product)
        .getByRole('link', { name: /View in the demo store/ })
        .getAttribute('href'),
    ).toBe('/store/demo/products/amber-candle');

    await user.click(within(card).getByRole('button', { name: 'Reset demo store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the demo store?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo store' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(resetDemoStore)).toHaveLength(1);
    expect(await screen.findByText('Demo store reset.')).not.toBeNull();
  });

  it('lists products with status badges and photo counts, searches by title and loads more by cursor', async () => {
    const api = storeServer(
      {},
      on(listStoreProducts, (req) => {
        const q = req.url.searchParams.get('q');
        const cursor = req.url.searchParams.get('cursor');
        if (q) return json(200, { products: [productFixture(9, { title: 'Sage Soap' })], nextCursor: null });
        if (cursor === 'next') return json(200, { products: [productFixture(3, { title: 'Cedar Candle' })], nextCursor: null });
        return json(200, {
          products: [
            productFixture(1, { title: 'Amber Candle', status: 'draft' }),
            productFixture(2, { title: 'Birch Candle', status: 'archived', images: [] }),
          ],
          nextCursor: 'next',
        });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.store);
    const [draft, archived] = (await screen.findAllByTestId('store-product')) as [HTMLElement, HTMLElement];
    expect(within(draft).getByText('Draft')).not.toBeNull();
    expect(draft.textContent).toContain('1 photo');
    expect(within(archived).getByText('Archived')).not.toBeNull();
    expect(archived.textContent).toContain('0 photos');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('store-product')).toHaveLength(3));
    expect(api.calls(listStoreProducts).some((r) => r.url.searchParams.get('cursor') === 'next')).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'sage');
    await waitFor(() => expect(screen.getAllByTestId('store-product')).toHaveLength(1));
    expect(screen.getByTestId('store-product').textContent).toContain('Sage Soap');
  });
});
