import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KlipCard } from '#contracts/klips.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { klipFixture, pageOf } from '../../components/klips/testing/fixtures.ts';
import { paths } from '../../lib/paths.ts';
import DashboardPage from './dashboard-page.tsx';
import { getMe, getMyKlipStats, listBatches, listMyKlips, listMyTags } from '#contracts/routes.ts';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

let klips: KlipCard[];

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  // 14 images (two pages), then a video tagged "summer".
  klips = [
    klipFixture({ klipType: 'video', prompt: 'sneaker spinning in neon light', tags: ['summer'], posterUrl: '/files/p.webp' }),
    ...Array.from({ length: 14 }, (_, i) => klipFixture({ prompt: `candle photo ${i + 1} on marble` })),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(getMyKlipStats, () => json(200, { imagesCreated: 14, videosCreated: 1, creditsUsed: 19, votesReceived: 3, windowDays: 7 })),
    on(listMyTags, () => json(200, { tags: [{ name: 'summer', count: 1 }] })),
    on(listMyKlips, (req) => pageOf(klips, req)),
    on(listBatches, () => json(200, { batches: [], nextCursor: null })),
    ...extra,
  );
}

function renderDashboard() {
  return renderRoutes(
    <Routes>
      <Route path={paths.dashboard} element={<DashboardPage />} />
    </Routes>,
    paths.dashboard,
  );
}

const cards = () => screen.queryAllByRole('article');
const queries = (api: ReturnType<typeof server>) => api.calls(listMyKlips).map((r) => r.url.search);

describe('Dashboard library', () => {
  it('shows the week’s four numbers', async () => {
    server();
    renderDashboard();
    const stats = await screen.findByRole('region', { name: /This week/ });
    await waitFor(() => expect(within(stats).getByText('19')).toBeTruthy());
    for (const label of ['Images created', 'Videos created', 'Credits used', 'Votes received'])
      expect(within(stats).getByText(label)).toBeTruthy();
  });

  it('loads 12, appends the next page with Load More, and filters start again at page one', async () => {
    const api = server();
    const user = userEvent.setup();
    renderDashboard();
    expect(screen.getByRole('status', { name: 'Loading klips' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(15));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(queries(api)).toEqual(['', '?cursor=12']);

    await user.selectOptions(screen.getByLabelText('Type'), 'Videos');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(queries(api).at(-1)).toBe('?type=video');

    await user.selectOptions(screen.getByLabelText('Type'), 'All');
    await user.click(screen.getByRole('button', { name: /#summer/ }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(queries(api).at(-1)).toBe('?tag=summer');
    expect(screen.getByRole('button', { name: /#summer/ }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: /#summer/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'candle photo 1');
    // 'candle photo 1', 10…14: one page; the search went out once typing paused, from page one.
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(queries(api).at(-1)).toBe('?search=candle+photo+1');
    expect(queries(api).filter((q) => q.includes('cursor'))).toEqual(['?cursor=12']);
  });

  it("says 'No klips found' with a way out when filters hide everything", async () => {
    server();
    const user = userEvent.setup();
    renderDashboard();
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'zebra');
    expect(await screen.findByRole('heading', { name: 'No klips found' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create your first klip' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
  });

  it('invites a user without any klip to create the first one', async () => {
    klips = [];
    server(on(listMyTags, () => json(200, { tags: [] })));
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No klips found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first klip' }).getAttribute('href')).toBe('/create/image');
  });

  it("says 'Failed to load images. Please try again.' and retries", async () => {
    let fail = true;
    server(on(listMyKlips, (req) => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : pageOf(klips, req))));
    const user = userEvent.setup();
    renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load images. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
