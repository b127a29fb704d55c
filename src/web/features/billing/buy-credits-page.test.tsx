import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { billingMessages, type BillingOverview } from '#contracts/billing.ts';
import { planCardLines } from '#contracts/entitlements.ts';
import { planIds } from '#contracts/plans.ts';
import { listFixture, teamFixture, workspaceFixture, TEAM_ID } from '../../lib/workspaces/testing/fixtures.ts';
import { paths } from '../../lib/paths.ts';
import { redirectTo } from '../../lib/redirect.ts';
import BuyCreditsPage from './buy-credits-page.tsx';
import { billingTexts } from './texts.ts';
import { createCheckout, createPortal, getBillingOverview, getMe, listWorkspaces } from '#contracts/routes.ts';

vi.mock('../../lib/redirect.ts', () => ({ redirectTo: vi.fn<(url: string) => void>() }));

const routes = (
  <Routes>
    <Route path={paths.buyCredits} element={<BuyCreditsPage />} />
  </Routes>
);

let overview: BillingOverview;

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(getBillingOverview, () => json(200, overview)),
    ...extra,
  );
}

const planCard = (id: string) => screen.getByTestId(`plan-${id}`);

beforeEach(() => {
  overview = { mode: 'sandbox', subscription: null };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(redirectTo).mockReset();
});

describe('Buy credits', () => {
  it('shows the plans with their monthly price and credits, Growth as Most Popular, and Scale only after Need more?', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.buyCredits);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Subscription' })).not.toBeNull();
    expect(screen.getByText('Cancel anytime')).not.toBeNull();
    await screen.findByTestId('plan-starter');
    expect(within(planCard('starter')).getByText('$29')).not.toBeNull();
    expect(within(planCard('starter')).getByText('125 credits every month', { selector: 'li' })).not.toBeNull();
    expect(within(planCard('growth')).getByText('$99')).not.toBeNull();
    expect(within(planCard('growth')).getByText('Most Popular')).not.toBeNull();
    expect(within(planCard('pro')).getByText('$249')).not.toBeNull();
    expect(within(planCard('starter')).queryByText('Most Popular')).toBeNull();
    expect(screen.queryByTestId('plan-scale')).toBeNull();
    expect(screen.getByText(billingTexts.sandboxNotice)).not.toBeNull();
    expect(screen.getByText(/Contact us at/).textContent).toContain('sales@klipt.app');
    expect(screen.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe(paths.dashboard);
    expect(screen.getByRole('link', { name: /credit history/i }).getAttribute('href')).toBe(paths.credits);

    await user.click(screen.getByRole('button', { name: 'Need more?' }));
    expect(within(planCard('scale')).getByText('$999')).not.toBeNull();
    expect(within(planCard('scale')).getByText('9,999 credits every month', { selector: 'li' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Need more?' })).toBeNull();
  });

  it('starts a checkout for the chosen plan, says Processing... and leaves for the checkout URL', async () => {
    const api = server(on(createCheckout, () => json(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_1' })));
    const user = userEvent.setup();
    renderRoutes(routes, paths.buyCredits);
    await user.click(within(await screen.findByTestId('plan-growth')).getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(api.calls(createCheckout).map((r) => r.body)).toEqual([{ planId: 'growth' }]);
    expect(within(planCard('growth')).getByRole('button', { name: 'Processing...' })).not.toBeNull();
    for (const id of ['starter', 'pro']) {
      expect(within(planCard(id)).getByRole<HTMLButtonElement>('button', { name: 'Subscribe Now' }).disabled).toBe(true);
    }
  });

  it('shows Error processing purchase with the server’s message, or the fallback, and lets the user try again', async () => {
    let answer = apiError(400, 'VALIDATION_FAILED', billingMessages.invalidProduct);
    server(on(createCheckout, () => answer));
    const user = userEvent.setup();
    renderRoutes(routes, paths.buyCredits);
    await user.click(within(await screen.findByTestId('plan-starter')).getByRole('button', { name: 'Subscribe Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error processing purchase');
    expect(alert.textContent).toContain('Invalid product');

    answer = new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    await user.click(within(planCard('starter')).getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to process purchase'));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows a subscriber their plan, status and renewal date, and Manage plan instead of a second checkout', async () => {
    overview = {
      mode: 'stripe',
      subscription: { planId: 'growth', status: 'active', currentPeriodEnd: '2026-12-24T10:00:00.000Z', cancelAtPeriodEnd: false },
    };
    const api = server(on(createPortal, () => json(200, { url: 'https://billing.stripe.com/p/session/1' })));
    const user = userEvent.setup();
    renderRoutes(routes, paths.buyCredits);
    const current = await screen.findByTestId('current-plan');
    expect(current.textContent).toContain('Growth');
    expect(current.textContent).toContain('Active');
    expect(current.textContent).toMatch(/Renews on December 24, 2026/);
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
    expect(within(planCard('growth')).getByRole<HTMLButtonElement>('button', { name: 'Current plan' }).disabled).toBe(true);
    expect(screen.queryByText(billingTexts.sandboxNotice)).toBeNull();

    await user.click(within(current).getByRole('button', { name: 'Manage plan' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1'));
    expect(api.calls(createPortal)).toHaveLength(1);
    expect(api.calls(createCheckout)).toHaveLength(0);
  });

  it('tells a plan that ends and a failed payment apart', async () => {
    overview = {
      mode: 'sandbox',
      subscription: { planId: 'pro', status: 'past_due', currentPeriodEnd: '2026-12-24T10:00:00.000Z', cancelAtPeriodEnd: false },
    };
    server();
    const { unmount } = renderRoutes(routes, paths.buyCredits);
    expect((await screen.findByTestId('current-plan')).textContent).toContain('Payment due');
    unmount();

    overview = {
      mode: 'sandbox',
      subscription: { planId: 'pro', status: 'canceled', currentPeriodEnd: '2026-12-24T10:00:00.000Z', cancelAtPeriodEnd: false },
    };
    renderRoutes(routes, paths.buyCredits);
    expect((await screen.findByTestId('current-plan')).textContent).toContain('Ended');
    // An ended plan: the user may subscribe again.
    expect(screen.getAllByRole('button', { name: 'Subscribe Now' })).toHaveLength(3);
  });

  it('says a checkout was canceled, and hides purchasing when billing is off', async () => {
    server();
    const { unmount } = renderRoutes(routes, `${paths.buyCredits}?checkout=canceled`);
    expect(await screen.findByText(billingTexts.checkoutCanceled)).not.toBeNull();
    unmount();

    overview = { mode: 'off', subscription: null };
    renderRoutes(routes, paths.buyCredits);
    expect(await screen.findByText(billingMessages.billingOff)).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    server(on(getBillingOverview, () => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, overview))));
    const user = userEvent.setup();
    renderRoutes(routes, paths.buyCredits);
    expect((await screen.findByRole('alert')).textContent).toContain(billingTexts.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('plan-growth')).not.toBeNull();
  });
});

describe('Buy credits: plans from the entitlements table, bought for the current workspace', () => {
  it('draws every card from planCardLines: Growth promises its credits, 3 seats, team sharing, a brand kit and store sync, and nothing Klipt does not do', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.buyCredits);
    await screen.findByTestId('plan-growth');
    await user.click(screen.getByRole('button', { name: 'Need more?' }));
    for (const id of planIds) {
      const lines = within(planCard(id))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(lines).toEqual(planCardLines(id));
    }
    const growth = within(planCard('growth'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(growth).toEqual(['500 credits every month', '3 seats in a team workspace', 'Team sharing', 'Brand kit', 'Shopify store sync']);
    // Scale's card promises the API now that it works.
    expect(within(planCard('scale')).getByText('API access')).not.toBeNull();
    // Features the table grants but Klipt does not do yet are on no card.
    for (const never of ['Custom model training', 'Video upgrades']) {
      expect(screen.queryByText(never)).toBeNull();
    }
  });

  it('names the team a plan is bought for, and tells a team member that only the owner changes the plan', async () => {
    const personal = workspaceFixture();
    server(on(listWorkspaces, () => json(200, listFixture(TEAM_ID, personal, teamFixture({ role: 'member' })))));
    const { unmount } = renderRoutes(routes, paths.buyCredits);
    expect((await screen.findByTestId('plan-workspace')).textContent).toBe('for Candle Co.');
    expect(screen.getByText(billingTexts.ownerOnly('Candle Co.'))).not.toBeNull();
    for (const button of within(screen.getByTestId('plans')).getAllByRole<HTMLButtonElement>('button', { name: 'Subscribe Now' })) {
      expect(button.disabled).toBe(true);
    }
    unmount();

    // The team's owner buys; in the personal workspace the page names no workspace.
    server(on(listWorkspaces, () => json(200, listFixture(TEAM_ID, personal, teamFixture({ role: 'owner' })))));
    const owner = renderRoutes(routes, paths.buyCredits);
    expect((await screen.findByTestId('plan-workspace')).textContent).toBe('for Candle Co.');
    expect(screen.queryByText(billingTexts.ownerOnly('Candle Co.'))).toBeNull();
    expect(within(planCard('growth')).getByRole<HTMLButtonElement>('button', { name: 'Subscribe Now' }).disabled).toBe(false);
    owner.unmount();

    server(on(listWorkspaces, () => json(200, listFixture(personal.id, personal, teamFixture()))));
    renderRoutes(routes, paths.buyCredits);
    await screen.findByTestId('plan-growth');
    await waitFor(() => expect(screen.queryByTestId('plan-workspace')).toBeNull());
  });
});
