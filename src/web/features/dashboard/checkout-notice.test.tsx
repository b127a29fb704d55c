import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import type { CheckoutState } from '#contracts/billing.ts';
import { paths } from '../../lib/paths.ts';
import { CHECKOUT_POLL_MS, CheckoutNotice } from './components/checkout-notice.tsx';
import { getCheckout, getMe } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route
      path={paths.dashboard}
      element={
        <>
          <CheckoutNotice />
          <LocationProbe />
        </>
      }
    />
  </Routes>
);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Checkout notice', () => {
  it('waits for the credits of a paid checkout, then shows the new balance and refreshes the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let credited = false;
    const api = fakeApi(
      on(getMe, () => json(200, meFixture({ credits: credited ? 510 : 10 }))),
      on(getCheckout, (req) =>
        json(200, {
          id: req.params.sessionId!,
          planId: 'growth',
          status: 'completed',
          credited,
          credits: 500,
          balance: credited ? 510 : 10,
        } satisfies CheckoutState),
      ),
    );
    renderRoutes(routes, `${paths.dashboard}?session_id=cs_test_1`);
    expect((await screen.findByTestId('checkout-notice')).textContent).toContain('Adding your 500 credits');
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS));
    expect(api.calls(getCheckout, { sessionId: 'cs_test_1' }).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('checkout-notice').textContent).toContain('Adding your 500 credits');

    credited = true;
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('checkout-notice').textContent).toContain('Your balance is now 510 credits'));
    const polls = api.calls(getCheckout).length;
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 3));
    expect(api.calls(getCheckout)).toHaveLength(polls);
  });

  it('shows nothing without a session id, and goes away when dismissed', async () => {
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getCheckout, () => json(200, { id: 'x', planId: 'starter', status: 'canceled', credited: false, credits: 125, balance: 10 })),
    );
    const first = renderRoutes(routes, paths.dashboard);
    expect(screen.queryByTestId('checkout-notice')).toBeNull();
    first.unmount();

    const user = userEvent.setup();
    renderRoutes(routes, `${paths.dashboard}?session_id=sbx_cs_9`);
    await waitFor(() => expect(screen.getByTestId('checkout-notice').textContent).toContain('no longer open'));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('checkout-notice')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe(paths.dashboard);
  });
});
