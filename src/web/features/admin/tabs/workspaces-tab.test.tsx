import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, meFixture, on, type FakeRequest, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { adminUserMessages } from '#contracts/admin-users.ts';
import type { AdminWorkspace } from '#contracts/admin-workspaces.ts';
import { Toaster } from '#web/components/ui/toast.tsx';
import WorkspacesTab from './workspaces-tab.tsx';
import { adminTexts } from '../texts.ts';
import { adjustWorkspaceCredits, getMe, listAdminWorkspaces } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route
      path="/super-admin"
      element={
        <>
          <WorkspacesTab />
          <Toaster />
        </>
      }
    />
  </Routes>
);
const url = '/super-admin?tab=workspaces';

const CANDLES = '11111111-1111-4111-8111-111111111111';
const MAYA = '22222222-2222-4222-8222-222222222222';
const OMAR = '33333333-3333-4333-8333-333333333333';

const workspace = (id: string, over: Partial<AdminWorkspace>): AdminWorkspace => ({
  id,
  name: 'Somewhere',
  kind: 'personal',
  plan: null,
  seats: 1,
  seatsUsed: 1,
  balance: 0,
  members: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

let rows: AdminWorkspace[];

beforeEach(() => {
  rows = [
    workspace(CANDLES, {
      name: 'Candle Co',
      kind: 'team',
      plan: 'growth',
      seats: 3,
      seatsUsed: 4,
      balance: 480,
      createdAt: '2026-11-03T10:00:00.000Z',
      members: [
        { userId: 'u-maya', name: 'Maya Chen', email: 'maya@candles.test', role: 'owner' },
        { userId: 'u-omar', name: 'Omar Haddad', email: 'omar@shoes.test', role: 'admin' },
      ],
    }),
    workspace(MAYA, {
      name: 'Maya Chen',
      balance: 12,
      members: [{ userId: 'u-maya', name: 'Maya Chen', email: 'maya@candles.test', role: 'owner' }],
    }),
    workspace(OMAR, {
      name: 'Omar Haddad',
      balance: 3,
      members: [{ userId: 'u-omar', name: 'Omar Haddad', email: 'omar@shoes.test', role: 'owner' }],
    }),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** GET /api/admin/workspaces like the server: name or a member's email contains the search; two per page with a cursor. */
function list(req: FakeRequest): Response {
  const q = req.url.searchParams;
  const search = q.get('search')?.toLowerCase();
  const found = rows.filter((w) => !search || w.name.toLowerCase().includes(search) || w.members.some((m) => m.email.includes(search)));
  const start = Number(q.get('cursor') ?? 0);
  return json(200, { workspaces: found.slice(start, start + 2), nextCursor: start + 2 < found.length ? String(start + 2) : null });
}

function adjust(req: FakeRequest): Response {
  const target = rows.find((w) => w.id === req.params.id)!;
  const { amount } = req.body as { amount: number };
  if (target.balance + amount < 0) return apiError(409, 'CONFLICT', adminUserMessages.belowZero);
  target.balance += amount;
  return json(200, { balance: target.balance });
}

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => json(200, meFixture({ isSuperAdmin: true, credits: 10 }))),
    on(listAdminWorkspaces, list),
    on(adjustWorkspaceCredits, adjust),
    ...extra,
  );
}

const shown = () => screen.getAllByTestId('admin-workspace');
const row = (name: string) => shown().find((r) => r.textContent.startsWith(name))!;
const balanceOf = (name: string) => within(row(name)).getByTestId('balance').textContent;

describe('God Mode → Workspaces', () => {
  it('lists workspaces with kind, plan, seats, members, balance and creation date, and loads more', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    expect(screen.getByRole('status', { name: 'Loading workspaces' })).toBeTruthy();
    await waitFor(() => expect(shown()).toHaveLength(2));

    const candles = within(row('Candle Co'));
    expect(candles.getByText('Team')).toBeTruthy();
    expect(candles.getByTestId('plan').textContent).toBe('Growth');
    expect(candles.getByTestId('seats').textContent).toBe('4 of 3');
    expect(candles.getByText('(More members than seats)', { exact: false })).toBeTruthy();
    expect(balanceOf('Candle Co')).toBe('480');
    const members = candles.getByRole('list', { name: 'Members' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Maya Chen · maya@candles.test · Owner',
      'Omar Haddad · omar@shoes.test · Admin',
      // Four members, two named.
      'and 2 more',
    ]);
    expect(
      candles.getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2026-11-03T10:00:00.000Z'))),
    ).toBeTruthy();
    const maya = within(row('Maya Chen'));
    expect(maya.getByText('Personal')).toBeTruthy();
    expect(maya.getByTestId('plan').textContent).toBe('No plan');
    expect(maya.getByTestId('seats').textContent).toBe('1 of 1');
    expect(screen.getByText('2 workspaces shown')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(api.calls(listAdminWorkspaces).at(-1)!.url.searchParams.get('cursor')).toBe('2');
  });

  it('searches by name or member email once typing pauses, and says when nothing matches', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(shown()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search workspaces' }), 'omar@');
    await waitFor(() => expect(shown().map((r) => r.textContent.slice(0, 10))).toEqual(['Candle CoT', 'Omar Hadda']));
    expect(api.calls(listAdminWorkspaces).map((r) => r.url.searchParams.get('search'))).toEqual([null, 'omar@']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search workspaces' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search workspaces' }), 'nobody');
    expect(await screen.findByText(adminTexts.workspaces.noMatches)).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    server(on(listAdminWorkspaces, (req) => (fail ? apiError(500, 'INTERNAL', 'Something went wrong.') : list(req))));
    const user = userEvent.setup();
    renderRoutes(routes, url);
    expect(await screen.findByText(adminTexts.workspaces.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(shown()).toHaveLength(2));
  });

  it('says so when there are no workspaces', async () => {
    rows = [];
    server();
    renderRoutes(routes, url);
    expect(await screen.findByText(adminTexts.workspaces.empty)).toBeTruthy();
  });

  it("grants a team credits with the reason, updates its row, and shows the server's refusal of a deduction below zero", async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(shown()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Adjust credits: Candle Co' }));
    let dialog = await screen.findByRole('dialog', { name: 'Adjust credits' });
    expect(dialog.textContent).toContain('One adjustment in the credit history of Candle Co, with your reason.');
    await user.type(within(dialog).getByLabelText(/^Credits/), '20');
    expect(dialog.textContent).toContain('Balance after500');
    await user.type(within(dialog).getByLabelText(/^Reason/), '  Launch bonus  ');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Granted 20 credits. New balance: 500 credits.');
    expect(api.calls(adjustWorkspaceCredits, { id: CANDLES }).map((r) => r.body)).toEqual([{ amount: 20, reason: 'Launch bonus' }]);
    expect(balanceOf('Candle Co')).toBe('500');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Adjust credits: Maya Chen' }));
    dialog = await screen.findByRole('dialog', { name: 'Adjust credits' });
    await user.click(within(dialog).getByRole('radio', { name: 'Deduct' }));
    await user.type(within(dialog).getByLabelText(/^Credits/), '13');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Deduct credits' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminUserMessages.belowZero);
    expect(api.calls(adjustWorkspaceCredits, { id: MAYA }).map((r) => r.body)).toEqual([{ amount: -13, reason: 'Chargeback' }]);
    expect(balanceOf('Maya Chen')).toBe('12');
  });
});
