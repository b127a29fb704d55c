import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entitlementFeatures } from '#contracts/entitlements.ts';
import { fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { AppShell } from './app-shell.tsx';
import { seriousViolations } from '../../lib/testing/serious-violations.ts';
import { getMe, getSettings } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderShell(billingMode: 'sandbox' | 'off' = 'sandbox') {
  fakeApi(
    on(getMe, () => json(200, meFixture({ displayName: 'New Seller' }))),
    on(getSettings, () => json(200, { registrationMode: 'open', welcomeCredits: 10, billingMode })),
  );
  renderRoutes(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="/dashboard" element={<main>Dashboard</main>} />
      </Route>
    </Routes>,
    '/dashboard',
  );
}

describe('app header accessibility', () => {
  it('names the account menu by the words it shows (WCAG 2.5.3), with initials for an avatar', async () => {
    renderShell();
    const trigger = await screen.findByRole('button', { name: 'Account menu for New Seller' });
    // The initials are drawn, not text the button would have to be named by.
    expect(trigger.textContent).toBe('New Seller');
    expect(await seriousViolations()).toEqual([]);
  });

  it('keeps the page around the open account menu reachable (no focusable element under aria-hidden)', async () => {
    renderShell();
    const trigger = await screen.findByRole('button', { name: 'Account menu for New Seller' });
    trigger.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Edit Profile' })).toBeTruthy();
    // A modal menu would hide the page, its own focusable trigger included, with aria-hidden.
    expect(trigger.closest('[aria-hidden="true"]')).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('offers Brand kits in the account menu, next to Edit Profile', async () => {
    renderShell();
    const trigger = await screen.findByRole('button', { name: 'Account menu for New Seller' });
    trigger.focus();
    await userEvent.setup().keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Brand kits' });
    expect(item.getAttribute('href')).toBe('/brand-kits');
  });

  it('offers API & webhooks in the account menu only once the API ships (entitlementFeatures.apiAccess.available)', async () => {
    const shipped = entitlementFeatures.apiAccess.available;
    try {
      entitlementFeatures.apiAccess.available = false;
      renderShell();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Account menu for New Seller' }));
      await screen.findByRole('menuitem', { name: 'Edit Profile' });
      expect(screen.queryByRole('menuitem', { name: 'API & webhooks' })).toBeNull();
      await user.keyboard('{Escape}');
      cleanup();

      entitlementFeatures.apiAccess.available = true;
      renderShell();
      await user.click(await screen.findByRole('button', { name: 'Account menu for New Seller' }));
      const item = await screen.findByRole('menuitem', { name: 'API & webhooks' });
      expect(item.getAttribute('href')).toBe('/developers');
    } finally {
      entitlementFeatures.apiAccess.available = shipped;
    }
  });

  it('offers Store in the account menu only once store sync ships (entitlementFeatures.storeConnections.available)', async () => {
    const shipped = entitlementFeatures.storeConnections.available;
    try {
      entitlementFeatures.storeConnections.available = false;
      renderShell();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Account menu for New Seller' }));
      await screen.findByRole('menuitem', { name: 'Edit Profile' });
      expect(screen.queryByRole('menuitem', { name: 'Store' })).toBeNull();
      await user.keyboard('{Escape}');
      cleanup();

      entitlementFeatures.storeConnections.available = true;
      renderShell();
      await user.click(await screen.findByRole('button', { name: 'Account menu for New Seller' }));
      const item = await screen.findByRole('menuitem', { name: 'Store' });
      expect(item.getAttribute('href')).toBe('/store');
    } finally {
      entitlementFeatures.storeConnections.available = shipped;
    }
  });

  it('links the credit badge to the credit history and Modify Plan to Buy credits', async () => {
    renderShell();
    const badge = await screen.findByTestId('credit-badge');
    expect(badge.getAttribute('href')).toBe('/credits');
    expect((await screen.findByRole('link', { name: 'Modify Plan' })).getAttribute('href')).toBe('/buy-credits');
  });

  it('has no Modify Plan when purchasing is off', async () => {
    renderShell('off');
    await screen.findByTestId('credit-badge');
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Modify Plan' })).toBeNull());
  });
});
