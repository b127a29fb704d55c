import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KlipCard } from '#contracts/klips.ts';
import { apiError, fakeApi, json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { klipFixture, pageOf } from '../../components/klips/testing/fixtures.ts';
import { paths } from '../../lib/paths.ts';
import CollectionsPage from './collections-page.tsx';
import { collectionSearchParams, readCollectionFilters } from './lib/collection-filters.ts';
import { klipTexts } from '../../lib/texts.ts';
import { collectionsTexts } from './texts.ts';
import { getMe, listCollection, listPopularTags } from '#contracts/routes.ts';

let klips: KlipCard[];

beforeEach(() => {
  const other = { isOwner: false, canEdit: false, isPublic: true };
  klips = [
    klipFixture({
      ...other,
      prompt: 'sneaker spinning in neon light',
      klipType: 'video',
      tags: ['summer'],
      creator: { id: 'u2', displayName: 'Leo Park', avatarUrl: null },
    }),
    klipFixture({ ...other, prompt: 'amber candle on travertine', tags: ['summer', 'candles'] }),
    klipFixture({ ...other, prompt: 'perfume bottle on wet stone' }),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function server() {
  return fakeApi(
    // A visitor: the collection needs no session.
    on(getMe, () => apiError(401, 'UNAUTHENTICATED', 'Please sign in')),
    on(listPopularTags, () =>
      json(200, {
        tags: [
          { name: 'summer', count: 2 },
          { name: 'candles', count: 1 },
        ],
      }),
    ),
    on(listCollection, (req) => pageOf(klips, req)),
  );
}

function renderCollections(url: string) {
  return renderRoutes(
    <Routes>
      <Route
        path={paths.collections}
        element={
          <>
            <CollectionsPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    url,
  );
}

const cards = () => screen.queryAllByRole('article');
const location = () => screen.getByTestId('location').textContent;

describe('Collections', () => {
  it('shows the public klips to a visitor, with their creators', async () => {
    server();
    renderCollections(paths.collections);
    expect(screen.getByRole('heading', { level: 1, name: 'Collections' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByText('Leo Park')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });

  it('keeps every filter in the URL and sends them to the server', async () => {
    const api = server();
    const user = userEvent.setup();
    renderCollections(paths.collections);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect([...screen.getByLabelText<HTMLSelectElement>('Type').options].map((o) => o.text)).toEqual(['All', 'Image Klips', 'Video Klips']);
    expect([...screen.getByLabelText<HTMLSelectElement>('Sort').options].map((o) => o.text)).toEqual(['Latest', 'Trending', 'Top Rated']);

    await user.selectOptions(screen.getByLabelText('Sort'), 'Top Rated');
    await user.selectOptions(screen.getByLabelText('Type'), 'Image Klips');
    await user.click(screen.getByRole('button', { name: /#summer/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'candle');
    await waitFor(() => expect(location()).toBe('/collections?q=candle&type=image&sort=top&tag=summer'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.calls(listCollection).at(-1)?.url.search).toBe('?search=candle&type=image&sort=top&tag=summer');

    await user.click(screen.getByRole('button', { name: /#summer/ }));
    await waitFor(() => expect(location()).toBe('/collections?q=candle&type=image&sort=top'));
  });

  it('restores a shared filtered view from its URL', async () => {
    const api = server();
    renderCollections('/collections?q=sneaker&type=video&sort=trending&tag=summer');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.calls(listCollection)[0]?.url.search).toBe('?search=sneaker&type=video&sort=trending&tag=summer');
    expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveProperty('value', 'sneaker');
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('video');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort').value).toBe('trending');
    expect(screen.getByRole('button', { name: /#summer/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it("says 'No klips found', why, and offers to clear the filters only when filters hide klips", async () => {
    server();
    const user = userEvent.setup();
    renderCollections('/collections?q=nothing-like-this');
    expect(await screen.findByRole('heading', { name: 'No klips found' })).toBeTruthy();
    expect(screen.getByText(klipTexts.noKlipsFiltered)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(location()).toBe('/collections');

    klips = [];
    renderCollections(paths.collections);
    expect(await screen.findByText(collectionsTexts.empty)).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Clear filters' })).toHaveLength(0);
  });

  it('reads and writes the URL query the same way, ignoring what it does not know', () => {
    const filters = { search: 'glass bottle', type: 'image', sort: 'top', tag: 'gift' } as const;
    expect(readCollectionFilters(collectionSearchParams(filters))).toEqual(filters);
    expect(collectionSearchParams({ search: '', type: 'all', sort: 'latest', tag: null }).toString()).toBe('');
    expect(readCollectionFilters(new URLSearchParams('type=gif&sort=random&tag=%20Gift%20'))).toEqual({
      search: '',
      type: 'all',
      sort: 'latest',
      tag: 'gift',
    });
  });
});
