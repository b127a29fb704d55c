import type { Publication, StoreConnection, StoreProduct, StoreStatus } from '#contracts/stores.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { listFixture, teamFixture, TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import { getMe, getStoreStatus, listPublications, listStoreProducts, listWorkspaces } from '#contracts/routes.ts';

export const CONNECTION_ID = '5a000000-0000-4000-8000-000000000001';
export const KLIP_ID = '5b000000-0000-4000-8000-000000000001';

/** The n-th product's id (a uuid, as the contracts want). */
export const productId = (n: number) => `5c000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const publicationId = (n: number) => `5d000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const uploadId = (n: number) => `5e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function connectionFixture(overrides: Partial<StoreConnection> = {}): StoreConnection {
  return {
    id: CONNECTION_ID,
    platform: 'shopify',
    method: 'token',
    shopDomain: 'candle-co.myshopify.com',
    shopName: 'Candle Co.',
    liveUpdates: true,
    connectedAt: '2026-11-20T10:00:00.000Z',
    connectedByName: 'maya',
    sync: { status: 'idle', productCount: 3, imageCount: 7, lastSyncedAt: '2026-11-26T09:00:00.000Z', error: null },
    ...overrides,
  };
}

export const demoConnectionFixture = (overrides: Partial<StoreConnection> = {}) =>
  connectionFixture({
    platform: 'demo',
    method: 'demo',
    shopDomain: 'klipt-demo.myshopify.com',
    shopName: 'Klipt Demo Store',
    liveUpdates: true,
    ...overrides,
  });

export function statusFixture(overrides: Partial<StoreStatus> = {}): StoreStatus {
  return { connection: connectionFixture(), oauthAvailable: false, demoAvailable: true, canManage: true, ...overrides };
}

export function productFixture(n: number, overrides: Partial<StoreProduct> = {}): StoreProduct {
  return {
    id: productId(n),
    externalId: `gid://shopify/Product/${1000 + n}`,
    title: `Product ${n}`,
    handle: `product-${n}`,
    status: 'active',
    vendor: 'Candle Co.',
    productType: 'Candles',
    tags: [],
    images: [{ id: `img-${n}`, uploadId: uploadId(n), thumbnailUrl: `/media/thumb-${n}.jpg`, alt: null, width: 1200, height: 1200 }],
    publishedCount: 0,
    updatedAt: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

export function publicationFixture(n: number, overrides: Partial<Publication> = {}): Publication {
  return {
    id: publicationId(n),
    klipId: KLIP_ID,
    productId: productId(n),
    productTitle: `Product ${n}`,
    batchId: null,
    featured: false,
    status: 'queued',
    error: null,
    mediaId: null,
    attempts: 0,
    createdAt: '2026-11-26T10:00:00.000Z',
    publishedAt: null,
    ...overrides,
  };
}

/**
 * A signed-in owner in a team on `plan` (Growth has store sync) with a store whose status and
 * catalogue are functions (a test changes them between answers); the catalogue is searched by
 * title like the server does.
 */
export function storeServer(
  options: {
    plan?: WorkspaceSummary['plan'];
    role?: WorkspaceSummary['role'];
    status?: () => StoreStatus;
    products?: () => StoreProduct[];
    publications?: () => Publication[];
  } = {},
  ...extra: FakeRoute[]
) {
  const team = teamFixture({ plan: options.plan === undefined ? 'growth' : options.plan, role: options.role ?? 'owner' });
  const status = options.status ?? (() => statusFixture());
  const products = options.products ?? (() => [1, 2, 3].map((n) => productFixture(n)));
  const publications = options.publications ?? (() => []);
  return fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(listWorkspaces, () => json(200, listFixture(TEAM_ID, team))),
    on(getStoreStatus, () => json(200, status())),
    on(listStoreProducts, (req) => {
      const q = req.url.searchParams.get('q')?.toLowerCase() ?? '';
      return json(200, { products: products().filter((p) => p.title.toLowerCase().includes(q)), nextCursor: null });
    }),
    on(listPublications, () => json(200, { publications: publications() })),
    ...extra,
  );
}
