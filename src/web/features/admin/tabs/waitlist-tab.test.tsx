import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, on, type FakeRequest, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { adminWaitlistMessages, type AdminWaitlistEntry } from '#contracts/admin-waitlist.ts';
import { Toaster } from '#web/components/ui/toast.tsx';
import WaitlistTab from './waitlist-tab.tsx';
import { adminTexts } from '../texts.ts';
import { approveWaitlistEntries, listWaitlist } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route
      path="/super-admin"
      element={
        <>
          <WaitlistTab />
          <Toaster />
        </>
      }
    />
  </Routes>
);
const url = '/super-admin?tab=waitlist';

const entry = (id: string, over: Partial<AdminWaitlistEntry>): AdminWaitlistEntry => ({
  id,
  name: 'Someone',
  email: `${id}@shop.test`,
  company: null,
  role: null,
  expectedPlan: null,
  score: 0,
  status: 'pending',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const MAYA = '11111111-1111-4111-8111-111111111111';
const OMAR = '22222222-2222-4222-8222-222222222222';
const LENA = '33333333-3333-4333-8333-333333333333';
const JO = '44444444-4444-4444-8444-444444444444';

let entries: AdminWaitlistEntry[];
/** The fake server's page size, small so 'Load More' shows with a few fixtures. */
const PAGE = 3;

beforeEach(() => {
  entries = [
    entry(MAYA, {
      name: 'Maya Chen',
      email: 'maya@candles.test',
      company: 'Wick & Wax',
      role: 'business',
      expectedPlan: 'growth',
      score: 17,
      createdAt: '2026-11-02T10:00:00.000Z',
    }),
    entry(OMAR, { name: 'Omar Haddad', email: 'omar@shoes.test', role: 'marketer', expectedPlan: 'pro', score: 12 }),
    entry(LENA, { name: 'Lena Berg', email: 'lena@tea.test', status: 'approved', score: 9 }),
    entry(JO, { name: 'Jo Park', email: 'jo@mugs.test', status: 'rejected', score: 3 }),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** GET /api/admin/waitlist like the server: by status, by score or newest, PAGE per page with a cursor. */
function list(req: FakeRequest): Response {
  const q = req.url.searchParams;
  const status = q.get('status') ?? 'pending';
  const sorted = entries
    .filter((e) => status === 'all' || e.status === status)
    .sort((a, b) => (q.get('sort') === 'newest' ? b.createdAt.localeCompare(a.createdAt) : b.score - a.score));
  const start = Number(q.get('cursor') ?? 0);
  const page = sorted.slice(start, start + PAGE);
  return json(200, { entries: page, nextCursor: start + PAGE < sorted.length ? String(start + PAGE) : null });
}

function approve(req: FakeRequest): Response {
  const { ids } = req.body as { ids: string[] };
  const approved = entries.filter((e) => ids.includes(e.id) && e.status !== 'approved');
  for (const e of approved) e.status = 'approved';
  return json(200, { approved: approved.map((e) => ({ id: e.id, email: e.email })), unchanged: ids.length - approved.length });
}

function server(...extra: FakeRoute[]) {
  return fakeApi(on(listWaitlist, list), on(approveWaitlistEntries, approve), ...extra);
}

const rows = () => screen.getAllByTestId('waitlist-entry');
const approveSelected = () => screen.getByRole('button', { name: /^Approve selected/ });
const selectAll = () => screen.getByRole('checkbox', { name: 'Select all on this page' });
const row = (name: string) => rows().find((r) => r.textContent.includes(name))!;

describe('God Mode → Waitlist', () => {
  it('lists pending entries by score with role, plan, score, status and date', async () => {
    const api = server();
    renderRoutes(routes, url);
    expect(screen.getByRole('status', { name: 'Loading the waitlist' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.calls(listWaitlist)[0]!.url.search).toBe('?status=pending&sort=score');

    const maya = within(rows()[0]!);
    expect(maya.getByText('Maya Chen')).toBeTruthy();
    expect(maya.getByText('maya@candles.test')).toBeTruthy();
    expect(maya.getByText('Wick & Wax')).toBeTruthy();
    expect(maya.getByText('Business Owner')).toBeTruthy();
    expect(maya.getByText('Growth Plan ($99)')).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('17/21');
    expect(maya.getByText('Pending')).toBeTruthy();
    expect(
      maya.getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2026-11-02T10:00:00.000Z'))),
    ).toBeTruthy();
    expect(within(rows()[1]!).getByText('Omar Haddad')).toBeTruthy();
    expect(within(rows()[1]!).getByText('Pro Plan ($249)')).toBeTruthy();
    expect(screen.getByText('2 entries')).toBeTruthy();
  });

  it('filters by status and sorts by newest; approved entries cannot be approved again', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(row('Lena Berg').textContent).toContain('Approved');
    expect(within(row('Lena Berg')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(row('Lena Berg')).queryByRole('checkbox')).toBeNull();
    expect(selectAll()).toHaveProperty('disabled', true);

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    await waitFor(() => expect(api.calls(listWaitlist).at(-1)!.url.search).toBe('?status=all&sort=newest'));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('Maya Chen'));
    expect(rows()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(api.calls(listWaitlist).at(-1)!.url.searchParams.get('cursor')).toBe('3');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();

    entries = [];
    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    expect(await screen.findByText(adminTexts.waitlist.emptyFiltered)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(await screen.findByText(adminTexts.waitlist.empty)).toBeTruthy();
  });

  it('approves the selected entries after confirming, says so, and refreshes the list', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(approveSelected().textContent).toBe('Approve selected (0)');
    expect(approveSelected()).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('checkbox', { name: 'Select Maya Chen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Omar Haddad' }));
    expect(selectAll()).toHaveProperty('checked', true);
    expect(approveSelected().textContent).toBe('Approve selected (2)');
    await user.click(approveSelected());

    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 entries?' });
    expect(dialog.textContent).toContain('Each gets an invitation email.');
    expect(dialog.textContent).toContain('maya@candles.test');
    expect(api.calls(approveWaitlistEntries)).toHaveLength(0);
    const listsBefore = api.calls(listWaitlist).length;

    await user.click(within(dialog).getByRole('button', { name: 'Approve and send invitations' }));
    expect(await screen.findByText('Approved 2 — invitations sent')).toBeTruthy();
    expect(api.calls(approveWaitlistEntries).map((r) => r.body)).toEqual([{ ids: [MAYA, OMAR] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText(adminTexts.waitlist.emptyFiltered);
    expect(api.calls(listWaitlist).length).toBeGreaterThan(listsBefore);
  });

  it('selects every entry on the page that can still be approved, and forgets the selection when the filter changes', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(selectAll());
    // Maya and Omar (pending); Lena is approved already and Jo (rejected) is on the next page.
    expect(approveSelected().textContent).toBe('Approve selected (2)');
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(selectAll()).toHaveProperty('indeterminate', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Jo Park' }));
    expect(approveSelected().textContent).toBe('Approve selected (3)');

    await user.click(approveSelected());
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 entries?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send invitations' }));
    await screen.findByText('Approved 3 — invitations sent');
    expect(api.calls(approveWaitlistEntries).map((r) => r.body)).toEqual([{ ids: [MAYA, OMAR, JO] }]);
    await waitFor(() => expect(approveSelected().textContent).toBe('Approve selected (0)'));

    entries.push(entry('55555555-5555-4555-8555-555555555555', { name: 'Ada New', score: 5 }));
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada New' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(approveSelected().textContent).toBe('Approve selected (0)');
  });

  it('approves one entry from its row, and Cancel sends nothing', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Approve Omar Haddad' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve 1 entry?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(approveWaitlistEntries)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve Omar Haddad' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve 1 entry?' });
    expect(dialog.textContent).toContain('It gets an invitation email.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send invitation' }));
    expect(await screen.findByText('Approved 1 — invitations sent')).toBeTruthy();
    expect(api.calls(approveWaitlistEntries).map((r) => r.body)).toEqual([{ ids: [OMAR] }]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Maya Chen');
  });

  it("keeps the dialog open with the server's refusal when approving fails", async () => {
    server(on(approveWaitlistEntries, () => apiError(400, 'VALIDATION', adminWaitlistMessages.entryInvalid)));
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Approve Maya Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 1 entry?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminWaitlistMessages.entryInvalid);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    server(on(listWaitlist, (req) => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : list(req))));
    const user = userEvent.setup();
    renderRoutes(routes, url);
    expect((await screen.findByRole('alert')).textContent).toContain('The waitlist could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});
