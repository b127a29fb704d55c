import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Batch } from '#contracts/batches.ts';
import { klipFixture } from '../../components/klips/testing/fixtures.ts';
import { fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '../../lib/paths.ts';
import DashboardPage from './dashboard-page.tsx';
import { batchTexts } from '../../lib/texts.ts';
import { getMe, listBatches, listMyKlips } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDashboard() {
  renderRoutes(
    <Routes>
      <Route path={paths.dashboard} element={<DashboardPage />} />
    </Routes>,
    paths.dashboard,
  );
}

function batch(n: number, overrides: Partial<Batch> = {}): Batch {
  return {
    id: `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Batch ${n}`,
    prompt: 'on a marble counter',
    modelName: 'Klipt AI Editor',
    aspectRatio: '1:1',
    status: 'finished',
    counts: { total: 10, waiting: 0, running: 0, succeeded: 10, failed: 0, cancelled: 0 },
    progress: 100,
    costPerItem: 1,
    canCancel: false,
    coverUrl: `/files/klips/u1/cover-${n}.webp`,
    lookId: null,
    adLayout: null,
    adSizes: [],
    exportPresets: [],
    adsFailed: 0,
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:30:00.000Z',
    ...overrides,
  };
}

const batchesSection = () => within(screen.getByRole('region', { name: batchTexts.batchesHeading }));

describe('Dashboard', () => {
  it('greets the user with their credits and links the quick actions of the spec', async () => {
    fakeApi(on(getMe, () => json(200, meFixture({ credits: 7 }))));
    renderRoutes(
      <Routes>
        <Route path={paths.dashboard} element={<DashboardPage />} />
      </Routes>,
      paths.dashboard,
    );
    expect(await screen.findByText(/You have 7 credits\./)).toBeTruthy();
    const actions = within(screen.getByRole('navigation', { name: 'Quick actions' }));
    expect(actions.getByRole('link', { name: /Create image/ }).getAttribute('href')).toBe('/create/image');
    expect(actions.getByRole('link', { name: /Create video/ }).getAttribute('href')).toBe('/create/video');
    expect(actions.getByRole('link', { name: /Batch generation/ }).getAttribute('href')).toBe('/create/batch');
    expect(actions.getByRole('link', { name: /Klip Models/ }).getAttribute('href')).toBe('/models');
  });

  it("lists the user's batches with their cover, status and progress, and loads more with the cursor", async () => {
    const running = batch(1, {
      name: 'Spring catalogue',
      status: 'running',
      counts: { total: 50, waiting: 36, running: 2, succeeded: 11, failed: 1, cancelled: 0 },
      progress: 24,
    });
    const api = fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(listBatches, (req) =>
        req.url.searchParams.get('cursor') === 'next'
          ? json(200, { batches: [batch(3, { name: 'Autumn candles', coverUrl: null })], nextCursor: null })
          : json(200, { batches: [running, batch(2, { name: 'Summer mugs' })], nextCursor: 'next' }),
      ),
    );
    const user = userEvent.setup();
    renderDashboard();
    const link = await screen.findByRole('link', { name: /Spring catalogue/ });
    expect(link.getAttribute('href')).toBe(paths.batch(running.id));
    expect(within(link).getByText('Running')).toBeTruthy();
    expect(within(link).getByText('11/50 done · 1 failed')).toBeTruthy();
    const summer = batchesSection().getByRole('link', { name: /Summer mugs/ });
    expect(within(summer).getByText('Finished')).toBeTruthy();
    expect(within(summer).getByText('10/10 done')).toBeTruthy();
    expect(summer.querySelector('img')?.getAttribute('src')).toBe('/files/klips/u1/cover-2.webp');

    await user.click(batchesSection().getByRole('button', { name: 'Load more' }));
    expect(await batchesSection().findByRole('link', { name: /Autumn candles/ })).toBeTruthy();
    expect(api.calls(listBatches).map((r) => r.url.searchParams.get('cursor'))).toEqual([null, 'next']);
    await waitFor(() => expect(batchesSection().queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('a user without batches sees their klips first: the Batches note is one line after them, not a block above', async () => {
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(listBatches, () => json(200, { batches: [], nextCursor: null })),
      on(listMyKlips, () => json(200, { klips: [klipFixture()], nextCursor: null })),
    );
    renderDashboard();
    await screen.findByText(batchTexts.noBatches);
    const klips = screen.getByRole('region', { name: 'Your klips' });
    await within(klips).findByRole('article');
    const batches = screen.getByRole('region', { name: batchTexts.batchesHeading });
    expect(klips.compareDocumentPosition(batches) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(batches.querySelectorAll('p')).toHaveLength(1);
  });

  it('a user with batches sees them above their klips', async () => {
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(listBatches, () => json(200, { batches: [batch(1)], nextCursor: null })),
      on(listMyKlips, () => json(200, { klips: [klipFixture()], nextCursor: null })),
    );
    renderDashboard();
    await batchesSection().findByRole('link', { name: /Batch 1/ });
    const klips = screen.getByRole('region', { name: 'Your klips' });
    const batches = screen.getByRole('region', { name: batchTexts.batchesHeading });
    expect(klips.compareDocumentPosition(batches) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('invites to a first batch when there is none', async () => {
    fakeApi(
      on(getMe, () => json(200, meFixture())),
      on(listBatches, () => json(200, { batches: [], nextCursor: null })),
    );
    renderDashboard();
    expect(await screen.findByText(batchTexts.noBatches)).toBeTruthy();
    expect(batchesSection().getByRole('link', { name: batchTexts.title }).getAttribute('href')).toBe(paths.createBatch);
  });
});
