import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { billingMessages, type BillingOverview, type UpdateSandboxSubscriptionRequest } from '#contracts/billing.ts';
import { paths } from '../../lib/paths.ts';
import SandboxPortalPage from './sandbox-portal-page.tsx';
import { getBillingOverview, getMe, updateSandboxSubscription } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.sandboxPortal} element={<SandboxPortalPage />} />
  </Routes>
);

let overview: BillingOverview;

function server() {
  return fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(getBillingOverview, () => json(200, overview)),
    on(updateSandboxSubscription, (req) => {
      const request = req.body as UpdateSandboxSubscriptionRequest;
      const sub = overview.subscription!;
      if (request.action === 'renew' && sub.cancelAtPeriodEnd) overview = { ...overview, subscription: { ...sub, status: 'canceled' } };
      if (request.action === 'change_plan') overview = { ...overview, subscription: { ...sub, planId: request.planId } };
      if (request.action === 'cancel' || request.action === 'resume')
        overview = { ...overview, subscription: { ...sub, cancelAtPeriodEnd: request.action === 'cancel' } };
      return json(200, overview);
    }),
  );
}

beforeEach(() => {
  overview = {
    mode: 'sandbox',
    subscription: { planId: 'growth', status: 'active', currentPeriodEnd: '2026-12-24T10:00:00.000Z', cancelAtPeriodEnd: false },
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Sandbox portal', () => {
  it('changes the plan, cancels and resumes it, and runs a renewal', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.sandboxPortal);
    expect((await screen.findByTestId('portal-plan')).textContent).toContain('Growth');
    expect(screen.getByText('Test mode')).not.toBeNull();

    await user.selectOptions(screen.getByLabelText('New plan'), 'pro');
    await user.click(screen.getByRole('button', { name: 'Switch plan' }));
    await waitFor(() => expect(screen.getByTestId('portal-plan').textContent).toContain('Pro'));
    expect(screen.getByRole('status').textContent).toContain('Plan changed');

    await user.click(screen.getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(screen.getByTestId('portal-plan').textContent).toContain('Ends on December 24, 2026'));
    await user.click(screen.getByRole('button', { name: 'Resume plan' }));
    await waitFor(() => expect(screen.getByTestId('portal-plan').textContent).toContain('Renews on December 24, 2026'));

    await user.click(screen.getByRole('button', { name: 'Run renewal now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Renewal run'));
    expect(api.calls(updateSandboxSubscription).map((r) => r.body)).toEqual([
      { action: 'change_plan', planId: 'pro' },
      { action: 'cancel' },
      { action: 'resume' },
      { action: 'renew' },
    ]);
  });

  it('sends a user without a plan to the plans, and shows a refused action', async () => {
    overview = { mode: 'sandbox', subscription: null };
    const first = (server(), renderRoutes(routes, paths.sandboxPortal));
    expect(await screen.findByText(billingMessages.noSubscription)).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(paths.buyCredits);
    first.unmount();
    vi.unstubAllGlobals();

    overview = {
      mode: 'sandbox',
      subscription: { planId: 'growth', status: 'active', currentPeriodEnd: '2026-12-24T10:00:00.000Z', cancelAtPeriodEnd: false },
    };
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getBillingOverview, () => json(200, overview)),
      on(updateSandboxSubscription, () => apiError(409, 'CONFLICT', billingMessages.renewNeedsActivePlan)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.sandboxPortal);
    await user.click(await screen.findByRole('button', { name: 'Run renewal now' }));
    expect((await screen.findByRole('alert')).textContent).toContain(billingMessages.renewNeedsActivePlan);
  });
});
