import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import type { CreditHistoryEntry, CreditHistoryPage } from '#contracts/credits-api.ts';
import { paths } from '../../lib/paths.ts';
import CreditHistory from './credit-history-page.tsx';
import { getCreditHistory, getMe } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.credits} element={<CreditHistory />} />
  </Routes>
);

const entry = (id: string, over: Partial<CreditHistoryEntry>): CreditHistoryEntry => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  type: 'usage',
  description: 'Image: Klipt Ultra 1.1',
  amount: -1,
  balanceAfter: 0,
  refunded: false,
  member: null,
  ...over,
});

const first: CreditHistoryPage = {
  balance: 509,
  nextCursor: 'page-2',
  entries: [
    entry('r1', { type: 'refund', description: 'Refund: generation failed', amount: 1, balanceAfter: 509 }),
    entry('u2', { refunded: true, balanceAfter: 508, member: 'Jonas' }),
    entry('p1', { type: 'purchase', description: 'Growth plan — November', amount: 500, balanceAfter: 509 }),
  ],
};
const second: CreditHistoryPage = {
  balance: 509,
  nextCursor: null,
  entries: [
    entry('g1', { type: 'grant', description: 'Welcome credits', amount: 10, balanceAfter: 10, createdAt: '2026-11-01T10:00:00.000Z' }),
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Credit history', () => {
  it('lists the ledger with kind, description, signed amount and balance, marks a refunded generation, and loads more by cursor', async () => {
    const api = fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getCreditHistory, (req) => json(200, req.url.searchParams.get('cursor') === 'page-2' ? second : first)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.credits);
    const rows = await screen.findAllByTestId('credit-entry');
    expect(rows).toHaveLength(3);
    expect(screen.getByText('You have 509 credits.')).not.toBeNull();
    expect(within(rows[0]!).getByText('Refund')).not.toBeNull();
    expect(within(rows[0]!).getByText('Refund: generation failed')).not.toBeNull();
    expect(rows[0]!.textContent).toContain('+1');
    expect(within(rows[1]!).getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(rows[1]!.textContent).toContain('−1');
    // A team's row names the member who spent; a row without a member names nobody.
    expect(within(rows[1]!).getByTestId('credit-member').textContent).toBe('by Jonas');
    expect(within(rows[0]!).queryByTestId('credit-member')).toBeNull();
    expect(within(rows[2]!).getByText('Purchase')).not.toBeNull();
    expect(rows[2]!.textContent).toContain('+500');
    expect(rows[2]!.textContent).toContain('Growth plan — November');
    expect(within(rows[0]!).queryByText('Refunded')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Welcome grant')).not.toBeNull();
    expect(screen.getAllByTestId('credit-entry')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(api.calls(getCreditHistory).map((r) => r.url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(getCreditHistory, () => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, second))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.credits);
    expect((await screen.findByRole('alert')).textContent).toContain('Your credit history could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Welcome grant')).not.toBeNull();
  });
});
