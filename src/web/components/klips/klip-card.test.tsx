import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KlipCard as KlipCardData, VoteResult } from '#contracts/klips.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes, testQueryClient } from '#test-support/web/render.tsx';
import { contractQuery } from '../../lib/contract-query.ts';
import { paths } from '../../lib/paths.ts';
import { meQueryKey } from '../../lib/session/me.ts';
import { listFixture, teamFixture, TEAM_ID, workspaceFixture } from '../../lib/workspaces/testing/fixtures.ts';
import { workspacesQueryOptions } from '../../lib/workspaces/workspaces.ts';
import { KlipCard } from './klip-card.tsx';
import { klipFixture } from './testing/fixtures.ts';
import { addKlipTags, getKlip, getMe, listBrandKits, listWorkspaces, previewAd, setKlipVisibility, voteOnKlip } from '#contracts/routes.ts';

/** Radix's Switch measures its thumb; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function EditorProbe() {
  const location = useLocation();
  return <p data-testid="editor-state">{JSON.stringify(location.state)}</p>;
}

/** The card as screens show it: from the query cache, which the card's changes write to. */
function CachedCard({ id }: { id: string }) {
  const options = contractQuery(getKlip, { params: { id } });
  const klip = useQuery(options);
  return klip.data ? <KlipCard klip={klip.data} /> : <p>Loading</p>;
}

async function renderCard(klip: KlipCardData, ...routes: FakeRoute[]) {
  const api = fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(getKlip, () => json(200, klip)),
    ...routes,
  );
  const view = renderRoutes(
    <Routes>
      <Route path="/" element={<CachedCard id={klip.id} />} />
      <Route path={paths.createImage} element={<EditorProbe />} />
    </Routes>,
    '/',
  );
  await screen.findByRole('article');
  return { api, ...view };
}

const voteButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}: \\d+$`) });
const shown = (name: string) => voteButton(name).getAttribute('aria-label');

/** A server answer the test releases when it wants to, to see what the card shows meanwhile. */
function deferred() {
  let release!: (res: Response) => void;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer, release };
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('KlipCard votes', () => {
  it('moves a changed vote at once (old −1, new +1), and clicking the active vote removes it with voteType null', async () => {
    const klip = klipFixture({ viewerVote: 'heart', counts: { archived: 0, one_star: 1, two_stars: 0, heart: 3, superlike: 0 } });
    let pending = deferred();
    const { api } = await renderCard(
      klip,
      on(voteOnKlip, () => pending.answer),
    );
    const user = userEvent.setup();
    await waitFor(() => expect(voteButton('Heart').getAttribute('aria-pressed')).toBe('true'));

    await user.click(voteButton('One star'));
    // Before the server answers.
    expect(shown('Heart')).toBe('Heart: 2');
    expect(shown('One star')).toBe('One star: 2');
    expect(voteButton('One star').getAttribute('aria-pressed')).toBe('true');
    expect(voteButton('Heart').getAttribute('aria-pressed')).toBe('false');
    expect(api.calls(voteOnKlip).at(-1)?.body).toEqual({ voteType: 'one_star' });
    const afterChange: VoteResult = { counts: { archived: 0, one_star: 2, two_stars: 0, heart: 2, superlike: 0 }, viewerVote: 'one_star' };
    await act(async () => pending.release(json(200, afterChange)));
    expect(shown('One star')).toBe('One star: 2');

    pending = deferred();
    await user.click(voteButton('One star'));
    expect(shown('One star')).toBe('One star: 1');
    expect(voteButton('One star').getAttribute('aria-pressed')).toBe('false');
    expect(api.calls(voteOnKlip).at(-1)?.body).toEqual({ voteType: null });
    await act(async () =>
      pending.release(json(200, { counts: { archived: 0, one_star: 1, two_stars: 0, heart: 2, superlike: 0 }, viewerVote: null })),
    );
    expect(shown('One star')).toBe('One star: 1');
    expect(shown('Heart')).toBe('Heart: 2');
  });

  it.each([
    [500, 'INTERNAL', 'Something went wrong'],
    [404, 'NOT_FOUND', 'Klip not found'],
  ])('reverts silently when the server refuses (%i) and logs it', async (status, code, message) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const klip = klipFixture({ counts: { archived: 2, one_star: 0, two_stars: 0, heart: 5, superlike: 0 } });
    const pending = deferred();
    await renderCard(
      klip,
      on(voteOnKlip, () => pending.answer),
    );
    const user = userEvent.setup();
    await waitFor(() => expect(shown('Heart')).toBe('Heart: 5'));
    await user.click(voteButton('Heart'));
    expect(shown('Heart')).toBe('Heart: 6');
    await act(async () => pending.release(apiError(status, code, message)));
    await waitFor(() => expect(shown('Heart')).toBe('Heart: 5'));
    expect(voteButton('Heart').getAttribute('aria-pressed')).toBe('false');
    expect(shown('Archived')).toBe('Archived: 2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('invites a visitor to sign in instead of voting', async () => {
    const api = fakeApi(on(getMe, () => apiError(401, 'UNAUTHENTICATED', 'Please sign in')));
    const { queryClient } = renderRoutes(
      <Routes>
        <Route path="/" element={<KlipCard klip={klipFixture({ isOwner: false, canEdit: false })} showCreator />} />
      </Routes>,
      '/',
    );
    const user = userEvent.setup();
    // The session says: signed out.
    await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toBeNull());
    await user.click(voteButton('Heart'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to vote' });
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shown('Heart')).toBe('Heart: 0');
    expect(api.calls(voteOnKlip)).toHaveLength(0);
  });
});

describe('KlipCard tags', () => {
  it('adds a trimmed tag, refuses an empty one, and says when adding failed', async () => {
    let fail = false;
    const { api } = await renderCard(
      klipFixture({ tags: ['candles'] }),
      on(addKlipTags, (req) => {
        if (fail) return apiError(500, 'INTERNAL', 'Something went wrong');
        const tags = (req.body as { tags: string[] }).tags;
        return json(200, { tags: ['candles', ...tags] });
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Tags/ }));
    const box = await screen.findByRole('textbox', { name: 'New tag' });

    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a tag');
    expect(api.calls(addKlipTags)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, '  Summer  ');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Tags' }).textContent).toContain('#summer'));
    expect(api.calls(addKlipTags)[0]?.body).toEqual({ tags: ['summer'] });
    expect(box).toHaveProperty('value', '');

    fail = true;
    await user.type(box, 'gift');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add tag. Please try again.');
  });

  it('lists the attributes when asked', async () => {
    await renderCard(klipFixture());
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Attributes' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Aspect ratio')).toBeTruthy();
    expect(screen.getByText('421337')).toBeTruthy();
  });
});

describe('KlipCard', () => {
  it("collapses a prompt over 100 characters with 'Show more' / 'Show less'", async () => {
    const prompt = `${'a luxurious amber glass candle jar on travertine, '.repeat(3)}soft morning light`;
    await renderCard(klipFixture({ prompt }));
    const user = userEvent.setup();
    expect(screen.queryByText(prompt)).toBeNull();
    expect(screen.getByText(`${prompt.slice(0, 100).trimEnd()}…`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(prompt)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(prompt)).toBeNull();
  });

  it("copies the share link and says 'Link copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const klip = klipFixture();
    await renderCard(klip);
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    await waitFor(() => expect(screen.getByText('Link copied!')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/${klip.id}`);
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText('Link copied!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Link copied!')).toBeNull();
  });

  it('downloads by the prompt’s words and opens the owner’s image klip in the editor', async () => {
    const klip = klipFixture({ prompt: 'a glass perfume bottle on wet stone' });
    await renderCard(klip);
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(`/api/klips/${klip.id}/download?name=glass-perfume-bottle&format=jpg`);
    expect(download.getAttribute('download')).toBe('glass-perfume-bottle.jpg');
    const image = screen.getByRole('img', { name: klip.prompt });
    expect(image.getAttribute('src')).toBe(klip.renditions[0]!.url);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('1024');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open in editor' }));
    const state = JSON.parse(screen.getByTestId('editor-state').textContent ?? '') as unknown;
    expect(state).toEqual({
      savedKlip: {
        prompt: klip.prompt,
        imageUrl: klip.imageUrl,
        modelName: klip.modelName,
        modelAttributes: klip.attributes,
        klipId: klip.id,
      },
    });
  });

  it('shows a video klip by its poster and plays it muted while hovered or focused', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue();
    const klip = klipFixture({
      klipType: 'video',
      prompt: 'a spinning leather handbag in a studio',
      imageUrl: '/files/klips/u1/clip.mp4',
      thumbnailUrl: null,
      posterUrl: '/files/klips/u1/clip-poster.webp',
    });
    await renderCard(klip);
    const video = screen.getByLabelText(klip.prompt, { selector: 'video' }) as HTMLVideoElement;
    expect(video.getAttribute('poster')).toBe(klip.renditions.find((r) => r.width === 960)!.url);
    expect(video.getAttribute('src')).toBe(klip.imageUrl);
    expect(video.muted).toBe(true);
    expect(video.getAttribute('preload')).toBe('none');
    expect(play).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.hover(screen.getByRole('article'));
    expect(play).toHaveBeenCalledTimes(1);
    await user.unhover(screen.getByRole('article'));
    expect(pause).toHaveBeenCalledTimes(1);
    // The keyboard plays it too: focus inside the card, then out of it.
    act(() => screen.getByRole('button', { name: 'View full size' }).focus());
    expect(play).toHaveBeenCalledTimes(2);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(pause).toHaveBeenCalledTimes(2);

    // A video downloads as .mp4 and does not open in the image editor.
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('spinning-leather-handbag.mp4');
    expect(screen.queryByRole('button', { name: 'Open in editor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export…' })).toBeNull();
  });

  it("opens the marketplace exports of the owner's image klip", async () => {
    await renderCard(klipFixture());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export…' }));
    expect(screen.getByRole('dialog', { name: 'Export for marketplaces' })).toBeTruthy();
  });

  it("says the visibility ('Private' / 'Public') beside its switch, whose name has the action", async () => {
    const klip = klipFixture({ isPublic: false });
    const { api } = await renderCard(
      klip,
      on(setKlipVisibility, (req) => json(200, { isPublic: (req.body as { isPublic: boolean }).isPublic })),
    );
    const user = userEvent.setup();
    const visibility = screen.getByRole('switch', { name: 'Private — Make public' });
    expect(visibility.getAttribute('aria-checked')).toBe('false');
    // The visible label is the state, and the start of the accessible name (WCAG 2.5.3 label in name).
    expect(screen.getByText('Private', { selector: 'label' }).getAttribute('for')).toBe(visibility.id);
    expect(screen.queryByText('Public', { selector: 'label' })).toBeNull();

    await user.click(visibility);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Public — Make private' }).getAttribute('aria-checked')).toBe('true'));
    expect(api.calls(setKlipVisibility)[0]?.body).toEqual({ isPublic: true });
    expect(screen.getByText('Public', { selector: 'label' })).toBeTruthy();
  });

  it('shows no editing to a viewer who does not own the klip', async () => {
    await renderCard(klipFixture({ isOwner: false, canEdit: false }));
    expect(screen.queryByRole('button', { name: 'Open in editor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export…' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('KlipCard maker', () => {
  it('names the member who made a team klip in the library, and nobody for a klip without madeBy', async () => {
    await renderCard(klipFixture({ madeBy: { id: 'u2', displayName: 'Jonas' } }));
    expect(screen.getByTestId('made-by').textContent).toBe('by Jonas');
  });

  it('shows no maker when madeBy is null', async () => {
    await renderCard(klipFixture({ madeBy: null }));
    expect(screen.queryByTestId('made-by')).toBeNull();
  });
});

/**
 * The card in a team on `plan` (growth and up include brand kits), with the workspace already in the
 * cache as the header's switcher leaves it: the card knows it from its first render, so an absent
 * button is a decision, not a load.
 */
function renderInWorkspace(klip: KlipCardData, plan: 'growth' | null) {
  const list = listFixture(TEAM_ID, workspaceFixture(), teamFixture({ plan }));
  fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(listWorkspaces, () => json(200, list)),
    on(listBrandKits, () => json(200, { kits: [], fonts: [] })),
    on(previewAd, () => new Response(new Uint8Array([1]), { status: 200, headers: { 'content-type': 'image/webp' } })),
  );
  const queryClient = testQueryClient();
  queryClient.setQueryData(workspacesQueryOptions.queryKey, list);
  return renderRoutes(
    <Routes>
      <Route path="/" element={<KlipCard klip={klip} />} />
    </Routes>,
    '/',
    { queryClient },
  );
}

describe('KlipCard Make ad', () => {
  it("offers Make ad on the owner's image klip in a workspace with brand kits; Escape closes it and gives focus back", async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:preview' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    try {
      renderInWorkspace(klipFixture(), 'growth');
      const user = userEvent.setup();
      const button = screen.getByRole('button', { name: 'Make ad' });
      await user.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Make ad' });
      expect(within(dialog).getByRole('button', { name: 'Create ads' })).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(button);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it.each([
    ['a video klip', klipFixture({ klipType: 'video', thumbnailUrl: null, posterUrl: '/files/klips/poster.webp' }), 'growth'],
    ["another member's klip", klipFixture({ isOwner: false, canEdit: false }), 'growth'],
    ['a workspace whose plan has no brand kits', klipFixture(), null],
  ] as const)('offers no Make ad for %s', async (_, klip, plan) => {
    renderInWorkspace(klip, plan);
    expect(screen.getByRole('button', { name: 'View full size' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make ad' })).toBeNull();
  });
});
