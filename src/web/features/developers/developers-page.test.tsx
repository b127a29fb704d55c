import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeyMessages } from '#contracts/api-keys.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { webhookMessages } from '#contracts/webhooks.ts';
import { apiError, json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '#web/lib/paths.ts';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import { TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import { PENDING_DELIVERY_REFRESH_MS } from './api/list-webhook-deliveries.ts';
import DevelopersPage from './developers-page.tsx';
import {
  DELIVERY_ID,
  deliveryFixture,
  developersServer,
  ENDPOINT_ID,
  endpointFixture,
  KEY_ID,
  keyFixture,
  OTHER_KEY_ID,
} from './testing/fixtures.ts';
import {
  createApiKey,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listApiKeys,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  revokeApiKey,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.developers} element={<DevelopersPage />} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

const SECRET = 'klipt_sk_Ab3xQ9m2Lr7Vt1Zc8Yw4Np6Hs0Kd5Fg';
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('API & webhooks: access', () => {
  it('shows the plan that unlocks the API and a link to the plans, never keys or webhooks, without the entitlement', async () => {
    const api = developersServer({ plan: 'pro' });
    renderRoutes(routes, paths.developers);
    const panel = await screen.findByTestId('developers-upgrade');
    expect(panel.textContent).toContain(entitlementMessages.planRequired('apiAccess'));
    expect(panel.textContent).toContain('Scale');
    expect(within(panel).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(paths.buyCredits);
    expect(screen.queryByRole('button', { name: /Create API key|Add endpoint/ })).toBeNull();
    // The server would answer 403: the page does not even ask.
    expect(api.calls(listApiKeys)).toHaveLength(0);
    expect(api.calls(listWebhookEndpoints)).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);
  });

  it('lets a super admin in without the plan (the server lets them through)', async () => {
    developersServer({ plan: null, isSuperAdmin: true });
    renderRoutes(routes, paths.developers);
    expect(await screen.findByTestId('api-keys')).not.toBeNull();
    expect(screen.queryByTestId('developers-upgrade')).toBeNull();
  });

  it('tells a member that only owners and admins manage keys and webhooks, with no buttons and no requests', async () => {
    const api = developersServer({ role: 'member' });
    renderRoutes(routes, paths.developers);
    const panel = await screen.findByTestId('developers-not-allowed');
    expect(panel.textContent).toContain(apiKeyMessages.notAllowed);
    expect(screen.queryByRole('button', { name: /Create API key|Add endpoint|Revoke/ })).toBeNull();
    expect(api.calls(listApiKeys)).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('API & webhooks: keys', () => {
  it('lists keys with prefix, scopes, creator, last use and expiry; revoked ones stay, greyed, without Revoke; passes axe', async () => {
    developersServer({
      keys: () => [
        keyFixture({ expiresAt: '2099-01-01T00:00:00.000Z' }),
        keyFixture({
          id: OTHER_KEY_ID,
          name: 'Old script',
          prefix: 'klipt_sk_Zz9q',
          scopes: ['batches', 'exports'],
          lastUsedAt: null,
          lastUsedIp: null,
          revokedAt: '2026-11-25T10:00:00.000Z',
          createdBy: null,
        }),
      ],
    });
    renderRoutes(routes, paths.developers);
    const [live, old] = (await screen.findAllByTestId('api-key')) as [HTMLElement, HTMLElement];
    expect(within(live).getByText('klipt_sk_Ab3x…')).not.toBeNull();
    expect(within(live).getByRole('list', { name: 'Scopes of Shop backend' }).textContent).toBe('GenerateRead');
    expect(live.textContent).toContain('by maya');
    expect(live.textContent).toContain('from 203.0.113.7');
    expect(live.textContent).toMatch(/Expires .*2099/);
    expect(within(live).getByRole('button', { name: 'Revoke Shop backend' })).not.toBeNull();
    expect(within(old).getByText('Revoked')).not.toBeNull();
    expect(old.textContent).toContain('Never used');
    expect(within(old).getByRole('list', { name: 'Scopes of Old script' }).textContent).toBe('BatchesExports');
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('says No API keys yet with a link to the quickstart and API reference', async () => {
    developersServer({ keys: () => [] });
    renderRoutes(routes, paths.developers);
    const empty = await screen.findByTestId('api-keys-empty');
    expect(within(empty).getByRole('heading', { name: 'No API keys yet' })).not.toBeNull();
    expect(within(empty).getByRole('link', { name: 'Quickstart and API reference' }).getAttribute('href')).toBe('/api/docs');
    expect(await seriousViolations()).toEqual([]);
  });

  it('creates a key with name, scopes and expiry, then shows its secret once with Copy and a warning', async () => {
    let keys = [keyFixture()];
    const api = developersServer(
      { keys: () => keys },
      on(createApiKey, () => {
        const key = keyFixture({ id: OTHER_KEY_ID, name: 'Nightly export', prefix: 'klipt_sk_Ab3x', scopes: ['read', 'exports'] });
        keys = [key, ...keys];
        return json(201, { key, secret: SECRET });
      }),
    );
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderRoutes(routes, paths.developers);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    // Generate and Read are chosen to start with.
    expect(within(dialog).getByRole('checkbox', { name: 'Generate' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Read' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Batches' })).toHaveProperty('checked', false);
    expect(within(dialog).getByText(/start image and video generations/)).not.toBeNull();

    // Nothing is sent without a name or a scope.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Generate' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(within(dialog).getByText(apiKeyMessages.nameRequired)).not.toBeNull();
    expect(within(dialog).getByText(apiKeyMessages.scopesRequired)).not.toBeNull();
    expect(api.calls(createApiKey)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Nightly export ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Exports' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires' }), 'After 90 days');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    const secret = await screen.findByTestId('api-key-secret');
    expect(api.calls(createApiKey)[0]!.params).toEqual({ workspaceId: TEAM_ID });
    expect(api.calls(createApiKey)[0]!.body).toEqual({ name: 'Nightly export', scopes: ['read', 'exports'], expiresInDays: 90 });
    const shown = screen.getByRole('dialog', { name: 'Copy your API key' });
    expect((secret as HTMLInputElement).value).toBe(SECRET);
    expect((secret as HTMLInputElement).readOnly).toBe(true);
    expect(shown.textContent).toContain('only time the key is shown');
    await user.click(within(shown).getByRole('button', { name: 'Copy the API key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(shown).findByRole('button', { name: 'Copied' })).not.toBeNull();
    expect(await seriousViolations()).toEqual([]);

    // Closed, the secret is gone for good: the list shows the new key by its prefix only.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Nightly export' })).not.toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    expect(within(again).getByRole('textbox', { name: /Name/ })).toHaveProperty('value', '');
  });

  it("shows the server's refusal in the form (too many keys)", async () => {
    developersServer(
      {},
      on(createApiKey, () => apiError(409, 'CONFLICT', apiKeyMessages.tooManyKeys)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.developers);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(apiKeyMessages.tooManyKeys);
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  it('revokes a key after confirming; Escape cancels; the key stays listed as Revoked', async () => {
    let keys = [keyFixture()];
    const api = developersServer(
      { keys: () => keys },
      on(revokeApiKey, () => {
        keys = [keyFixture({ revokedAt: '2026-11-27T10:00:00.000Z' })];
        return json(200, keys[0]);
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.developers);
    const revoke = await screen.findByRole('button', { name: 'Revoke Shop backend' });
    await user.click(revoke);
    expect(await screen.findByRole('dialog', { name: 'Revoke Shop backend?' })).not.toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(revoke);
    expect(api.calls(revokeApiKey)).toHaveLength(0);

    await user.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Shop backend?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(revokeApiKey).map((r) => r.params)).toEqual([{ workspaceId: TEAM_ID, keyId: KEY_ID }]);
    const row = await screen.findByTestId('api-key');
    await waitFor(() => expect(within(row).getByText('Revoked')).not.toBeNull());
    expect(within(row).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create API key' }));
  });

  it('says when the keys could not be loaded, with Try again', async () => {
    developersServer(
      {},
      on(listApiKeys, () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')),
    );
    renderRoutes(routes, paths.developers);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API keys could not be loaded.');
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    expect(screen.getByRole('button', { name: 'Try again' })).not.toBeNull();
  });
});

describe('API & webhooks: webhooks', () => {
  it('shows each endpoint with its events and status: Active, Off, switched off after a day of failures', async () => {
    developersServer({
      endpoints: () => [
        endpointFixture(),
        endpointFixture({
          id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
          url: 'https://b.example/hook',
          enabled: false,
          disabledReason: 'manual',
        }),
        endpointFixture({
          id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
          url: 'https://c.example/hook',
          enabled: false,
          disabledReason: 'failing',
        }),
      ],
    });
    renderRoutes(routes, paths.developers);
    const [active, off, failing] = (await screen.findAllByTestId('webhook-endpoint')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(active).getByText('Active')).not.toBeNull();
    expect(within(active).getByText('Order system')).not.toBeNull();
    expect(within(active).getByRole('list', { name: 'Events sent to https://shop.example/klipt/webhooks' }).textContent).toBe(
      'Generation succeededBatch finished',
    );
    expect(
      within(active).getByRole('switch', { name: 'Send events to https://shop.example/klipt/webhooks' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(within(off).getByText('Off')).not.toBeNull();
    expect(within(failing).getByText('Switched off after a day of failed deliveries')).not.toBeNull();
    // An endpoint that is off is not sent a test event.
    expect(within(off).getByRole('button', { name: 'Send test event to https://b.example/hook' })).toHaveProperty('disabled', true);
    expect(await seriousViolations()).toEqual([]);
  });

  it('adds an endpoint and shows its signing secret once with Copy', async () => {
    let endpoints = [endpointFixture()];
    const api = developersServer(
      { endpoints: () => endpoints },
      on(createWebhookEndpoint, (req) => {
        const endpoint = endpointFixture({ id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', ...(req.body as { url: string; events: [] }) });
        endpoints = [...endpoints, endpoint];
        return json(201, { endpoint, secret: WEBHOOK_SECRET });
      }),
    );
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderRoutes(routes, paths.developers);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(webhookMessages.urlInvalid)).not.toBeNull();
    expect(api.calls(createWebhookEndpoint)).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'https://erp.example/in');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'ERP');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Batch finished' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByTestId('webhook-secret');
    expect(api.calls(createWebhookEndpoint)[0]!.body).toEqual({
      url: 'https://erp.example/in',
      description: 'ERP',
      events: ['generation.succeeded', 'generation.failed'],
    });
    expect((secret as HTMLInputElement).value).toBe(WEBHOOK_SECRET);
    const shown = screen.getByRole('dialog', { name: 'Copy the signing secret' });
    expect(shown.textContent).toContain('only time the secret is shown');
    await user.click(within(shown).getByRole('button', { name: 'Copy the signing secret' }));
    expect(writeText).toHaveBeenCalledWith(WEBHOOK_SECRET);
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-endpoint')).toHaveLength(2));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('switches an endpoint off, sends a test event, rotates its secret (shown once) and deletes it after confirming', async () => {
    let endpoints = [endpointFixture()];
    const api = developersServer(
      { endpoints: () => endpoints },
      on(updateWebhookEndpoint, (req) => {
        const { enabled } = req.body as { enabled: boolean };
        endpoints = [endpointFixture({ enabled, disabledReason: enabled ? null : 'manual' })];
        return json(200, endpoints[0]);
      }),
      on(sendTestWebhook, () => json(202, deliveryFixture({ eventType: 'webhook.test', status: 'succeeded' }))),
      on(listWebhookDeliveries, () => json(200, { deliveries: [], nextCursor: null })),
      on(rotateWebhookSecret, () => json(200, { endpoint: endpoints[0], secret: WEBHOOK_SECRET })),
      on(deleteWebhookEndpoint, () => {
        endpoints = [];
        return json(204);
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.developers);
    const url = 'https://shop.example/klipt/webhooks';

    await user.click(await screen.findByRole('button', { name: `Send test event to ${url}` }));
    await waitFor(() => expect(api.calls(sendTestWebhook)).toHaveLength(1));
    expect(api.calls(sendTestWebhook)[0]!.params).toEqual({ workspaceId: TEAM_ID, endpointId: ENDPOINT_ID });
    // The log opens to show the test's delivery.
    expect(await screen.findByRole('region', { name: `Delivery log of ${url}` })).not.toBeNull();

    await user.click(screen.getByRole('switch', { name: `Send events to ${url}` }));
    await waitFor(() => expect(api.calls(updateWebhookEndpoint)).toHaveLength(1));
    expect(api.calls(updateWebhookEndpoint)[0]!.body).toEqual({ enabled: false });
    expect(await screen.findByText('Off')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: `Rotate secret of ${url}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByTestId('webhook-secret');
    expect((secret as HTMLInputElement).value).toBe(WEBHOOK_SECRET);
    expect(screen.getByRole('dialog', { name: 'Copy the new signing secret' })).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('webhook-secret')).toBeNull();

    await user.click(screen.getByRole('button', { name: `Delete the endpoint ${url}` }));
    const remove = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(remove).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByTestId('webhooks-empty')).not.toBeNull();
    expect(api.calls(deleteWebhookEndpoint).map((r) => r.params)).toEqual([{ workspaceId: TEAM_ID, endpointId: ENDPOINT_ID }]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Webhooks' }));
  });

  it('shows the delivery log with status, response, duration, attempts and next retry; re-sends; loads more by cursor', async () => {
    const second = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
    const api = developersServer(
      {},
      on(listWebhookDeliveries, (req) =>
        req.url.searchParams.get('cursor') === 'page2'
          ? json(200, {
              deliveries: [
                deliveryFixture({
                  id: second,
                  eventType: 'batch.finished',
                  status: 'succeeded',
                  responseCode: 204,
                  error: null,
                  nextAttemptAt: null,
                }),
              ],
              nextCursor: null,
            })
          : json(200, { deliveries: [deliveryFixture()], nextCursor: 'page2' }),
      ),
      on(resendWebhookDelivery, () => json(202, deliveryFixture({ status: 'pending' }))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.developers);
    const url = 'https://shop.example/klipt/webhooks';
    const toggle = await screen.findByRole('button', { name: `Deliveries to ${url}` });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const log = await screen.findByRole('region', { name: `Delivery log of ${url}` });
    const [failed] = (await within(log).findAllByTestId('webhook-delivery')) as [HTMLElement];
    expect(within(failed).getByText('Generation succeeded')).not.toBeNull();
    expect(within(failed).getByText('Failed')).not.toBeNull();
    expect(failed.textContent).toContain('500');
    expect(failed.textContent).toContain('312 ms');
    expect(failed.textContent).toContain('Attempts:3');
    expect(failed.textContent).toContain('Next retry:');
    expect(failed.textContent).toContain('The endpoint answered 500');
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(failed).getByRole('button', { name: /^Re-send Generation succeeded/ }));
    await waitFor(() => expect(api.calls(resendWebhookDelivery)).toHaveLength(1));
    expect(api.calls(resendWebhookDelivery)[0]!.params).toEqual({ workspaceId: TEAM_ID, endpointId: ENDPOINT_ID, deliveryId: DELIVERY_ID });

    await user.click(within(log).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(2));
    expect(within(log).getAllByTestId('webhook-delivery')[1]!.textContent).toContain('Batch finished');
    expect(within(log).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls(listWebhookDeliveries).some((r) => r.url.searchParams.get('cursor') === 'page2')).toBe(true);
  });

  it('asks for the log again every 3 seconds while a delivery is pending, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'pending' | 'succeeded' = 'pending';
    const api = developersServer(
      {},
      on(listWebhookDeliveries, () => json(200, { deliveries: [deliveryFixture({ status })], nextCursor: null })),
    );
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderRoutes(routes, paths.developers);
    await user.click(await screen.findByRole('button', { name: 'Deliveries to https://shop.example/klipt/webhooks' }));
    expect(await screen.findByText('Pending')).not.toBeNull();
    const asked = () => api.calls(listWebhookDeliveries, { endpointId: ENDPOINT_ID }).length;
    expect(asked()).toBe(1);
    status = 'succeeded';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_DELIVERY_REFRESH_MS);
    });
    await waitFor(() => expect(screen.getByText('Succeeded')).not.toBeNull());
    expect(asked()).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_DELIVERY_REFRESH_MS * 3);
    });
    expect(asked()).toBe(2);
  });
});
