import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { billingMessages, type SandboxCheckout } from '#contracts/billing.ts';
import { paths } from '../../lib/paths.ts';
import { redirectTo } from '../../lib/redirect.ts';
import SandboxCheckoutPage from './sandbox-checkout-page.tsx';
import { purchaseTexts } from '../../lib/texts.ts';
import { cancelSandboxCheckout, getMe, getSandboxCheckout, paySandboxCheckout } from '#contracts/routes.ts';

vi.mock('../../lib/redirect.ts', () => ({ redirectTo: vi.fn<(url: string) => void>() }));

const routes = (
  <Routes>
    <Route path={paths.sandboxCheckoutPattern} element={<SandboxCheckoutPage />} />
  </Routes>
);

const open: SandboxCheckout = { id: 'sbx_cs_1', planId: 'growth', status: 'open', email: 'maya@candles.test' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(redirectTo).mockReset();
});

describe('Test checkout', () => {
  it('is marked as a test in which no money moves, and Pay leaves for the dashboard URL the server gives', async () => {
    const api = fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getSandboxCheckout, () => json(200, open)),
      on(paySandboxCheckout, () => json(200, { url: 'http://localhost/dashboard?session_id=sbx_cs_1' })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.sandboxCheckout('sbx_cs_1'));
    const pay = await screen.findByRole('button', { name: 'Pay $99.00 (test)' });
    expect(screen.getAllByText('Test checkout').length).toBeGreaterThan(0);
    expect(screen.getByText(/No money moves/)).not.toBeNull();
    expect(screen.getByText('Klipt Growth')).not.toBeNull();
    expect(screen.getByText('500 every month')).not.toBeNull();
    expect(screen.getByText('maya@candles.test')).not.toBeNull();
    await user.click(pay);
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost/dashboard?session_id=sbx_cs_1'));
    expect(api.calls(paySandboxCheckout, { sessionId: 'sbx_cs_1' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Processing...' })).not.toBeNull();
  });

  it('cancels back to Buy credits', async () => {
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getSandboxCheckout, () => json(200, open)),
      on(cancelSandboxCheckout, () => json(200, { url: 'http://localhost/buy-credits?checkout=canceled' })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.sandboxCheckout('sbx_cs_1'));
    await user.click(await screen.findByRole('button', { name: 'Cancel and go back' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost/buy-credits?checkout=canceled'));
  });

  it('explains a closed or unknown checkout, and a failed payment', async () => {
    let state: SandboxCheckout | null = { ...open, status: 'completed' };
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getSandboxCheckout, () => (state ? json(200, state) : apiError(404, 'NOT_FOUND', billingMessages.checkoutNotFound))),
      on(paySandboxCheckout, () => apiError(409, 'CONFLICT', billingMessages.alreadySubscribed)),
    );
    const first = renderRoutes(routes, paths.sandboxCheckout('sbx_cs_1'));
    expect(await screen.findByText(billingMessages.checkoutClosed)).not.toBeNull();
    first.unmount();

    state = null;
    const second = renderRoutes(routes, paths.sandboxCheckout('sbx_cs_2'));
    expect(await screen.findByText(billingMessages.checkoutNotFound)).not.toBeNull();
    second.unmount();

    state = open;
    const user = userEvent.setup();
    renderRoutes(routes, paths.sandboxCheckout('sbx_cs_1'));
    await user.click(await screen.findByRole('button', { name: 'Pay $99.00 (test)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(purchaseTexts.errorTitle);
    expect(alert.textContent).toContain(billingMessages.alreadySubscribed);
    expect(redirectTo).not.toHaveBeenCalled();
  });
});
