import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renditionSrcSet, SHARE_IMAGE_SIZES } from '#contracts/klip-renditions.ts';
import { apiError, fakeApi, json, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { klipFixture } from '../../components/klips/testing/fixtures.ts';
import { paths } from '../../lib/paths.ts';
import SharePage from './share-page.tsx';
import { getKlip, getMe } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const visitor = on(getMe, () => apiError(401, 'UNAUTHENTICATED', 'Please sign in'));
const routes = (
  <Routes>
    <Route path={paths.sharePattern} element={<SharePage />} />
  </Routes>
);

describe('Share page', () => {
  it('shows a public klip: picture, prompt, model, counters, creator and download', async () => {
    const klip = klipFixture({
      prompt: 'a glass perfume bottle on wet stone',
      isOwner: false,
      canEdit: false,
      isPublic: true,
      creator: { id: 'u2', displayName: 'Leo Park', avatarUrl: null },
      counts: { archived: 1, one_star: 2, two_stars: 3, heart: 4, superlike: 0 },
    });
    fakeApi(
      visitor,
      on(getKlip, (req) => (req.params['id'] === klip.id ? json(200, klip) : apiError(404, 'NOT_FOUND', 'Klip not found'))),
    );
    renderRoutes(routes, paths.share(klip.id));
    // The largest picture is sized copies, fetched first, with its box reserved; the original is only behind Download.
    const picture = await screen.findByRole('img', { name: klip.prompt });
    expect(picture.getAttribute('srcset')).toBe(renditionSrcSet(klip.renditions));
    expect(picture.getAttribute('sizes')).toBe(SHARE_IMAGE_SIZES);
    expect(picture.getAttribute('src')).toBe(klip.renditions.at(-1)!.url);
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    expect(picture.getAttribute('loading')).toBeNull();
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['1024', '1024']);
    expect(document.body.innerHTML).not.toContain(klip.imageUrl);
    expect(screen.getByText(klip.prompt)).toBeTruthy();
    expect(screen.getByText('Generated with').textContent).toBe('Generated with Klipt Ultra 1.1');
    expect(screen.getByText('Leo Park')).toBeTruthy();
    const counters = [...document.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(counters).toEqual(['Archived=1', 'One star=2', 'Two stars=3', 'Heart=4']);
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(`/api/klips/${klip.id}/download?name=glass-perfume-bottle&format=jpg`);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('offers the owner of an image klip its marketplace exports', async () => {
    const klip = klipFixture({ isOwner: true });
    fakeApi(
      visitor,
      on(getKlip, () => json(200, klip)),
    );
    renderRoutes(routes, paths.share(klip.id));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('dialog', { name: 'Export for marketplaces' })).toBeTruthy();
  });

  it.each([
    ['a missing or private klip (404)', '00000000-0000-4000-8000-00000000beef'],
    ['an address that is no klip id (400)', 'some-klip'],
  ])("says 'Image Not Found' for %s, with a link home", async (_, id) => {
    fakeApi(
      visitor,
      on(getKlip, (req) =>
        req.params['id'] === 'some-klip'
          ? apiError(400, 'VALIDATION_FAILED', 'Klip not found')
          : apiError(404, 'NOT_FOUND', 'Klip not found'),
      ),
    );
    renderRoutes(routes, paths.share(id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Image Not Found' })).toBeTruthy();
    expect(screen.getByText('This image may have been removed or is no longer public.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
