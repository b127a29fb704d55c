import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { adminStatsMessages, type AdminStats, type CreditStatistics, type DailyActivity } from '#contracts/admin-stats.ts';
import { paths } from '#web/lib/paths.ts';
import OverviewTab from './overview-tab.tsx';
import { getAdminStats, getCreditStatistics, getDailyActivity } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stats: AdminStats = {
  totalUsers: 12_345,
  activeUsers: 321,
  newUsers: 45,
  totalImages: 67_890,
  teamWorkspaces: 1_204,
  teamMembers: 3_310,
};
const credits: CreditStatistics = {
  total_credits_purchased: 25_000,
  total_credits_used: 12_340,
  average_credits_per_user: 12.345,
  users_with_zero_credits: 7,
  largest_credit_purchase: 5_000,
  most_active_user_credits: { credits_used: 980, email: 'top@seller.test' },
  credits_purchased_this_month: 3_000,
};
// March 2026, day i has i generations and a sign-up every third day: 435 generations, 10 sign-ups.
const days: DailyActivity[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-03-${String(i + 1).padStart(2, '0')}`,
  generations: i,
  signUps: i % 3 === 0 ? 1 : 0,
}));

function renderOverview() {
  renderRoutes(
    <Routes>
      <Route path={paths.superAdmin} element={<OverviewTab />} />
    </Routes>,
    paths.superAdmin,
  );
}

/** The value a stat card or credit figure shows under its label. */
function figure(label: string): string {
  const term = screen.getByText(label).closest('dt');
  return term?.nextElementSibling?.textContent ?? '';
}

describe('God Mode overview', () => {
  it('shows the stat cards, teams included, and the credit statistics, formatted', async () => {
    fakeApi(
      on(getAdminStats, () => json(200, stats)),
      on(getCreditStatistics, () => json(200, credits)),
      on(getDailyActivity, () => json(200, { days })),
    );
    renderOverview();
    expect(await screen.findByText('12,345')).not.toBeNull();
    expect(figure('Total users')).toBe('12,345');
    expect(figure('Active users (7 days)')).toBe('321');
    expect(figure('New users (7 days)')).toBe('45');
    expect(figure('Total klips')).toBe('67,890');
    expect(figure('Teams')).toBe('1,204');
    expect(figure('People in teams')).toBe('3,310');

    await screen.findByText('25,000');
    expect(figure('Credits purchased')).toBe('25,000');
    expect(figure('Credits used')).toBe('12,340');
    expect(figure('Average per workspace')).toBe('12.35');
    expect(figure('Workspaces with zero credits')).toBe('7');
    expect(figure('Largest purchase')).toBe('5,000');
    expect(figure('Purchased this month')).toBe('3,000');
    expect(figure('Most active user')).toContain('980 credits used');
    expect(figure('Most active user')).toContain('top@seller.test');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when nobody has used credits yet', async () => {
    fakeApi(
      on(getAdminStats, () => json(200, stats)),
      on(getCreditStatistics, () => json(200, { ...credits, most_active_user_credits: null })),
      on(getDailyActivity, () => json(200, { days })),
    );
    renderOverview();
    expect(await screen.findByText('No usage yet')).not.toBeNull();
  });

  it('keeps a failing endpoint on its own card, with a retry, while the others render', async () => {
    let creditsFail = true;
    const api = fakeApi(
      on(getAdminStats, () => json(200, stats)),
      on(getCreditStatistics, () =>
        creditsFail ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.') : json(200, credits),
      ),
      on(getDailyActivity, () => json(200, { days })),
    );
    const user = userEvent.setup();
    renderOverview();

    const creditCard = screen.getByRole('region', { name: 'Credit statistics' });
    expect((await within(creditCard).findByRole('alert')).textContent).toContain(adminStatsMessages.creditStatsFailed);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(await screen.findByText('12,345')).not.toBeNull();
    expect(await screen.findByRole('img', { name: /435 generations/ })).not.toBeNull();

    creditsFail = false;
    await user.click(within(creditCard).getByRole('button', { name: 'Try again' }));
    expect(await within(creditCard).findByText('25,000')).not.toBeNull();
    expect(within(creditCard).queryByRole('alert')).toBeNull();
    expect(api.calls(getCreditStatistics)).toHaveLength(2);
  });

  it('shows the stats failure above dashed cards and the chart failure on the chart card', async () => {
    fakeApi(
      on(getAdminStats, () => apiError(500, 'INTERNAL', 'Something went wrong. Please try again.')),
      on(getCreditStatistics, () => json(200, credits)),
      on(getDailyActivity, () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')),
    );
    renderOverview();
    const platform = screen.getByRole('region', { name: 'Platform' });
    expect((await within(platform).findByRole('alert')).textContent).toContain(adminStatsMessages.statsFailed);
    expect(figure('Total users')).toBe('–');
    const chart = screen.getByRole('region', { name: 'Last 30 days' });
    expect((await within(chart).findByRole('alert')).textContent).toContain(adminStatsMessages.chartFailed);
    expect(await screen.findByText('25,000')).not.toBeNull();
  });

  it('draws 30 days of both series with an accessible summary, date labels and the numbers as a table', async () => {
    fakeApi(
      on(getAdminStats, () => json(200, stats)),
      on(getCreditStatistics, () => json(200, credits)),
      on(getDailyActivity, () => json(200, { days })),
    );
    const user = userEvent.setup();
    renderOverview();
    const chart = await screen.findByRole('img', { name: /generations/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Mar 1 to Mar 30: 435 generations and 10 sign-ups. Busiest days: most generations on Mar 30 (29); most sign-ups on Mar 1 (1).',
    );
    // One band of 30 bars per series; a day without any has an empty bar.
    const bands = chart.querySelectorAll('svg');
    expect(bands).toHaveLength(2);
    for (const band of bands) expect(band.querySelectorAll('rect')).toHaveLength(30);
    expect(bands[0]!.querySelectorAll('rect')[29]!.getAttribute('height')).toBe('100');
    expect(bands[0]!.querySelectorAll('rect')[0]!.getAttribute('height')).toBe('0');
    expect(bands[1]!.querySelectorAll('rect')[0]!.getAttribute('height')).toBe('100');
    // Every seventh day is labelled, counting back from the last.
    for (const label of ['Mar 2', 'Mar 9', 'Mar 16', 'Mar 23', 'Mar 30']) expect(within(chart).getByText(label)).not.toBeNull();

    await user.click(screen.getByText('Show the numbers'));
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[29]!.textContent).toContain('Mon, Mar 30, 2026');
    expect(
      within(rows[29]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['29', '0']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '1']);
  });
});
