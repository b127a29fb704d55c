import type { ApiKey } from '#contracts/api-keys.ts';
import type { WebhookDelivery, WebhookEndpoint } from '#contracts/webhooks.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { listFixture, teamFixture, TEAM_ID, workspaceFixture } from '#web/lib/workspaces/testing/fixtures.ts';
import { getMe, listApiKeys, listWebhookEndpoints, listWorkspaces } from '#contracts/routes.ts';

export const KEY_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OTHER_KEY_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const ENDPOINT_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const DELIVERY_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

/** A key as the API sends it (dates become ISO strings on the way). */
export function keyFixture(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: KEY_ID,
    name: 'Shop backend',
    prefix: 'klipt_sk_Ab3x',
    scopes: ['generate', 'read'],
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: null,
    lastUsedAt: '2026-11-26T08:15:00.000Z',
    lastUsedIp: '203.0.113.7',
    revokedAt: null,
    createdBy: { id: 'u1', name: 'maya', email: 'maya@candles.test' },
    ...overrides,
  };
}

export function endpointFixture(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: ENDPOINT_ID,
    url: 'https://shop.example/klipt/webhooks',
    description: 'Order system',
    events: ['generation.succeeded', 'batch.finished'],
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function deliveryFixture(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: DELIVERY_ID,
    eventType: 'generation.succeeded',
    status: 'failed',
    attempts: 3,
    responseCode: 500,
    durationMs: 312,
    error: 'The endpoint answered 500',
    createdAt: '2026-11-26T09:00:00.000Z',
    lastAttemptAt: '2026-11-26T09:35:00.000Z',
    nextAttemptAt: '2026-11-26T11:35:00.000Z',
    payload: {},
    ...overrides,
  };
}

/**
 * The fake server of the API & webhooks screen: a verified user (a super admin when asked) working
 * in a team on `plan` with `role`, and the team's keys and endpoints (functions, so a test can
 * change them between answers).
 */
export function developersServer(
  options: {
    plan?: WorkspaceSummary['plan'];
    role?: WorkspaceSummary['role'];
    isSuperAdmin?: boolean;
    keys?: () => ApiKey[];
    endpoints?: () => WebhookEndpoint[];
  },
  ...extra: FakeRoute[]
) {
  const team = teamFixture({ plan: options.plan === undefined ? 'scale' : options.plan, role: options.role ?? 'owner' });
  const keys = options.keys ?? (() => [keyFixture()]);
  const endpoints = options.endpoints ?? (() => [endpointFixture()]);
  return fakeApi(
    on(getMe, () => json(200, meFixture({ isSuperAdmin: options.isSuperAdmin ?? false }))),
    on(listWorkspaces, () => json(200, listFixture(TEAM_ID, workspaceFixture(), team))),
    on(listApiKeys, () => json(200, { keys: keys() })),
    on(listWebhookEndpoints, () => json(200, { endpoints: endpoints() })),
    ...extra,
  );
}
