import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, meFixture, on, type FakeRequest, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { adminUserMessages, type AdminUser } from '#contracts/admin-users.ts';
import type { Me } from '#contracts/profile.ts';
import { Toaster } from '#web/components/ui/toast.tsx';
import { meQueryKey } from '#web/lib/session/me.ts';
import UsersTab from './users-tab.tsx';
import { adminTexts } from '../texts.ts';
import { adjustUserCredits, getMe, listUsers, setUserRole } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route
      path="/super-admin"
      element={
        <>
          <UsersTab />
          <Toaster />
        </>
      }
    />
  </Routes>
);
const url = '/super-admin?tab=users';

const ADMIN = 'u1';
const MAYA = '11111111-1111-4111-8111-111111111111';
const OMAR = '22222222-2222-4222-8222-222222222222';

const person = (id: string, over: Partial<AdminUser>): AdminUser => ({
  id,
  email: `${id}@shop.test`,
  name: 'Someone',
  createdAt: '2026-11-01T10:00:00.000Z',
  emailVerified: true,
  balance: 0,
  isSuperAdmin: false,
  klipCount: 0,
  ...over,
});

let users: AdminUser[];

beforeEach(() => {
  users = [
    person(MAYA, { email: 'maya@candles.test', name: 'Maya Chen', balance: 120, klipCount: 34, createdAt: '2026-11-03T10:00:00.000Z' }),
    person(OMAR, { email: 'omar@shoes.test', name: 'Omar Haddad', emailVerified: false, balance: 5, klipCount: 1 }),
    // The signed-in admin (meFixture's user).
    person(ADMIN, { email: 'maya@admin.test', name: 'Admin', balance: 10, isSuperAdmin: true, klipCount: 2 }),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** GET /api/admin/users like the server: email or name contains the search; two per page with a cursor. */
function list(req: FakeRequest): Response {
  const q = req.url.searchParams;
  const search = q.get('search')?.toLowerCase();
  const found = users.filter((u) => !search || u.email.includes(search) || u.name.toLowerCase().includes(search));
  const start = Number(q.get('cursor') ?? 0);
  return json(200, { users: found.slice(start, start + 2), nextCursor: start + 2 < found.length ? String(start + 2) : null });
}

function adjust(req: FakeRequest): Response {
  const target = users.find((u) => u.id === req.params.id)!;
  const { amount } = req.body as { amount: number };
  if (target.balance + amount < 0) return apiError(409, 'CONFLICT', adminUserMessages.belowZero);
  target.balance += amount;
  return json(200, { balance: target.balance });
}

function role(req: FakeRequest): Response {
  const target = users.find((u) => u.id === req.params.id)!;
  const { superAdmin } = req.body as { superAdmin: boolean };
  if (!superAdmin && users.filter((u) => u.isSuperAdmin).length === 1 && target.isSuperAdmin)
    return apiError(409, 'CONFLICT', adminUserMessages.lastSuperAdmin);
  target.isSuperAdmin = superAdmin;
  return json(200, { isSuperAdmin: superAdmin });
}

function server(...extra: FakeRoute[]) {
  return fakeApi(
    // The badge shows the current workspace's balance, which the server reads again after an adjustment.
    on(getMe, () => json(200, meFixture({ isSuperAdmin: true, credits: users.find((u) => u.id === ADMIN)!.balance }))),
    on(listUsers, list),
    on(adjustUserCredits, adjust),
    on(setUserRole, role),
    ...extra,
  );
}

const rows = () => screen.getAllByTestId('admin-user');
const row = (email: string) => rows().find((r) => r.textContent.includes(email))!;
const balanceOf = (email: string) => within(row(email)).getByTestId('balance').textContent;

describe('God Mode → Users', () => {
  it('lists users with joined date, verified and super admin badges, balance and klips, and loads more', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));

    const maya = within(row('maya@candles.test'));
    expect(maya.getByText('Maya Chen')).toBeTruthy();
    expect(maya.getByText('Verified')).toBeTruthy();
    expect(maya.queryByText('Super admin')).toBeNull();
    expect(
      maya.getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2026-11-03T10:00:00.000Z'))),
    ).toBeTruthy();
    expect(balanceOf('maya@candles.test')).toBe('120');
    expect(row('maya@candles.test').textContent).toContain('Klips: 34');
    expect(within(row('omar@shoes.test')).getByText('Unverified')).toBeTruthy();
    expect(screen.getByText('2 users shown')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.calls(listUsers).at(-1)!.url.searchParams.get('cursor')).toBe('2');
    const admin = within(row('maya@admin.test'));
    expect(admin.getByText('Super admin')).toBeTruthy();
    expect(admin.getByText('You')).toBeTruthy();
    expect(admin.getByRole('button', { name: 'Remove super admin: maya@admin.test' })).toBeTruthy();
  });

  it('searches by email or name once typing pauses, and says when nobody matches', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'omar');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('omar@shoes.test');
    // One request for the whole word, not one per letter.
    expect(api.calls(listUsers).map((r) => r.url.searchParams.get('search'))).toEqual([null, 'omar']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText(adminTexts.users.noUsers)).toBeTruthy();
  });

  it("deducts credits as a negative amount with the reason, and shows the server's refusal in the dialog", async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Adjust credits: omar@shoes.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits' });
    await user.click(within(dialog).getByRole('radio', { name: 'Deduct' }));
    await user.type(within(dialog).getByLabelText(/^Credits/), '8');
    await user.type(within(dialog).getByLabelText(/^Reason/), '  Duplicate grant  ');
    expect(dialog.textContent).toContain(adminUserMessages.belowZero);
    await user.click(within(dialog).getByRole('button', { name: 'Deduct credits' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminUserMessages.belowZero);
    expect(api.calls(adjustUserCredits, { id: OMAR }).map((r) => r.body)).toEqual([{ amount: -8, reason: 'Duplicate grant' }]);
    expect(balanceOf('omar@shoes.test')).toBe('5');

    await user.clear(within(dialog).getByLabelText(/^Credits/));
    await user.type(within(dialog).getByLabelText(/^Credits/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Deduct credits' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Deducted 3 credits. New balance: 2 credits.');
    expect(api.calls(adjustUserCredits, { id: OMAR }).at(-1)!.body).toEqual({ amount: -3, reason: 'Duplicate grant' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(balanceOf('omar@shoes.test')).toBe('2');
  });

  it('checks the amount and the reason before sending anything', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Adjust credits: maya@candles.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(dialog.textContent).toContain(adminUserMessages.amountInvalid);
    expect(dialog.textContent).toContain(adminUserMessages.reasonRequired);

    await user.type(within(dialog).getByLabelText(/^Credits/), '100001');
    await user.type(within(dialog).getByLabelText(/^Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(dialog.textContent).toContain(adminUserMessages.amountTooLarge);
    expect(dialog.textContent).toContain(adminUserMessages.reasonRequired);
    expect(
      within(dialog)
        .getByLabelText(/^Reason/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.calls(adjustUserCredits)).toHaveLength(0);
  });

  it("granting the signed-in admin's own credits updates the row and reads their credit badge again", async () => {
    const api = server();
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'admin');
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Adjust credits: maya@admin.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits' });
    await user.type(within(dialog).getByLabelText(/^Credits/), '50');
    expect(dialog.textContent).toContain('Balance after60');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Testing the journey');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Granted 50 credits. New balance: 60 credits.');
    expect(api.calls(adjustUserCredits, { id: ADMIN }).map((r) => r.body)).toEqual([{ amount: 50, reason: 'Testing the journey' }]);
    expect(balanceOf('maya@admin.test')).toBe('60');
    await waitFor(() => expect(queryClient.getQueryData<Me | null>(meQueryKey)?.credits).toBe(60));
  });

  it('promotes a user after confirming, and cancelling sends nothing', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Make super admin: maya@candles.test' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make maya@candles.test a super admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(setUserRole)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Make super admin: maya@candles.test' }));
    dialog = await screen.findByRole('dialog', { name: 'Make maya@candles.test a super admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make super admin' }));
    expect(await screen.findByText('maya@candles.test is now a super admin')).toBeTruthy();
    expect(api.calls(setUserRole, { id: MAYA }).map((r) => r.body)).toEqual([{ superAdmin: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row('maya@candles.test')).getByText('Super admin')).toBeTruthy();
    expect(within(row('maya@candles.test')).getByRole('button', { name: 'Remove super admin: maya@candles.test' })).toBeTruthy();
  });

  it("shows the server's refusal to demote the last super admin, and demotes another one", async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Remove super admin: maya@admin.test' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove super admin from maya@admin.test?' });
    expect(dialog.textContent).toContain('This is you');
    await user.click(within(dialog).getByRole('button', { name: 'Remove super admin' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminUserMessages.lastSuperAdmin);
    expect(api.calls(setUserRole, { id: ADMIN }).map((r) => r.body)).toEqual([{ superAdmin: false }]);
    expect(within(row('maya@admin.test')).getByText('Super admin')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Make super admin: omar@shoes.test' }));
    dialog = await screen.findByRole('dialog', { name: 'Make omar@shoes.test a super admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make super admin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remove super admin: omar@shoes.test' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove super admin from omar@shoes.test?' });
    expect(dialog.textContent).toContain('They lose God Mode at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove super admin' }));
    expect(await screen.findByText('omar@shoes.test is no longer a super admin')).toBeTruthy();
    expect(api.calls(setUserRole, { id: OMAR }).map((r) => r.body)).toEqual([{ superAdmin: true }, { superAdmin: false }]);
    expect(within(row('omar@shoes.test')).queryByText('Super admin')).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    server(on(listUsers, (req) => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : list(req))));
    const user = userEvent.setup();
    renderRoutes(routes, url);
    expect((await screen.findByRole('alert')).textContent).toContain('Users could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});
