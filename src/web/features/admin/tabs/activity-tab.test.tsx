import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { activityTypes, type ActivityLogEntry } from '#contracts/activity.ts';
import { paths } from '#web/lib/paths.ts';
import ActivityTab from './activity-tab.tsx';
import { listActivity } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const entry = (id: string, over: Partial<ActivityLogEntry>): ActivityLogEntry => ({
  id,
  createdAt: minutesAgo(5),
  type: 'sign_up',
  message: 'maya@candles.test signed up',
  details: null,
  actorEmail: 'maya@candles.test',
  ...over,
});

const entries: ActivityLogEntry[] = [
  entry('a1', {
    type: 'credit_adjustment',
    message: 'Granted 50 credits to maya@candles.test',
    details: { amount: 50, reason: 'Beta thank-you', balanceAfter: 60 },
    actorEmail: 'admin@klipt.test',
  }),
  entry('a2', {
    type: 'webhook_failed',
    message: 'Superlike webhook failed',
    details: { attempt: 3, status: 502 },
    actorEmail: null,
    createdAt: minutesAgo(60 * 26),
  }),
  entry('a3', {}),
];

function renderActivity() {
  renderRoutes(
    <Routes>
      <Route path={paths.superAdmin} element={<ActivityTab />} />
    </Routes>,
    paths.superAdmin,
  );
}

describe('God Mode activity', () => {
  it('lists the entries with time, type, message, details and who', async () => {
    fakeApi(on(listActivity, () => json(200, { entries })));
    renderActivity();
    const rows = await screen.findAllByTestId('activity-entry');
    expect(rows).toHaveLength(3);

    const first = within(rows[0]!);
    expect(first.getByText('Credit adjustment')).not.toBeNull();
    expect(first.getByText('Granted 50 credits to maya@candles.test')).not.toBeNull();
    expect(first.getByText('admin@klipt.test')).not.toBeNull();
    const time = rows[0]!.querySelector('time');
    expect(time?.textContent).toBe('5 minutes ago');
    expect(time?.getAttribute('dateTime')).toBe(entries[0]!.createdAt);
    expect(time?.getAttribute('title')).toBeTruthy();
    const details = [...rows[0]!.querySelectorAll('dl > div')].map((pair) => pair.textContent);
    expect(details).toEqual(['amount: 50', 'reason: Beta thank-you', 'balanceAfter: 60']);

    const second = within(rows[1]!);
    expect(second.getByText('Webhook failed')).not.toBeNull();
    expect(rows[1]!.querySelector('time')?.textContent).toBe('yesterday');
    expect(second.getByText('System')).not.toBeNull();
    expect(rows[2]!.querySelector('dl')).toBeNull();
  });

  it('offers every type in the filter and asks the server for the chosen one', async () => {
    const api = fakeApi(
      on(listActivity, (req) => {
        const type = req.url.searchParams.get('type');
        return json(200, { entries: type ? entries.filter((e) => e.type === type) : entries });
      }),
    );
    const user = userEvent.setup();
    renderActivity();
    await screen.findAllByTestId('activity-entry');
    const filter = screen.getByLabelText('Type');
    expect(within(filter).getAllByRole('option')).toHaveLength(activityTypes.length + 1);
    expect(within(filter).getAllByRole('option')[0]!.textContent).toBe('All types');

    await user.selectOptions(filter, 'webhook_failed');
    expect(await screen.findByText('Superlike webhook failed')).not.toBeNull();
    await vi.waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(1));

    await user.selectOptions(filter, 'purchase');
    expect(await screen.findByText('No entries of this type')).not.toBeNull();

    await user.selectOptions(filter, '');
    await vi.waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
    // Back to all types asks again (the test client keeps nothing fresh).
    expect(api.calls(listActivity).map((r) => r.url.searchParams.get('type'))).toEqual([null, 'webhook_failed', 'purchase', null]);
  });

  it('refreshes on demand', async () => {
    let served = [entries[2]!];
    fakeApi(on(listActivity, () => json(200, { entries: served })));
    const user = userEvent.setup();
    renderActivity();
    await screen.findAllByTestId('activity-entry');
    served = entries;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
  });

  it('says when there is no activity yet', async () => {
    fakeApi(on(listActivity, () => json(200, { entries: [] })));
    renderActivity();
    expect(await screen.findByText('No activity yet')).not.toBeNull();
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    fakeApi(on(listActivity, () => (fail ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.') : json(200, { entries }))));
    const user = userEvent.setup();
    renderActivity();
    expect((await screen.findByRole('alert')).textContent).toContain('The activity log could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(3);
  });
});
