import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_KLIP_PAGE_SIZE, type AdminKlipCard, type AdminKlipPage } from '#contracts/admin-klips.ts';
import type { AdminUser } from '#contracts/admin-users.ts';
import type { VoteResult } from '#contracts/klips.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeRequest, type FakeRoute } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { klipFixture } from '#web/components/klips/testing/fixtures.ts';
import { Toaster } from '#web/components/ui/toast.tsx';
import { paths } from '#web/lib/paths.ts';
import GodModePage from '../god-mode-page.tsx';
import { klipTexts } from '#web/lib/texts.ts';
import { adminTexts } from '../texts.ts';
import {
  deleteKlipAsAdmin,
  getMe,
  listAllKlipTags,
  listAllKlips,
  listUsers,
  setKlipVisibility,
  superlikeKlip,
  voteOnKlip,
} from '#contracts/routes.ts';

/** Radix's Switch measures its thumb; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const maya = { id: 'u1', email: 'maya@candles.test' };
const leo = { id: 'u2', email: 'leo@sneakers.test' };

function adminKlip(owner: { id: string; email: string }, overrides: Partial<AdminKlipCard> = {}): AdminKlipCard {
  return {
    ...klipFixture({
      creator: { id: owner.id, displayName: owner.email.split('@')[0] ?? '', avatarUrl: null },
      isOwner: false,
      canEdit: true,
    }),
    creatorEmail: owner.email,
    ...overrides,
  };
}

function adminUser(user: { id: string; email: string }): AdminUser {
  return {
    ...user,
    name: user.email.split('@')[0] ?? '',
    createdAt: '2026-10-01T09:00:00.000Z',
    emailVerified: true,
    balance: 10,
    isSuperAdmin: false,
    klipCount: 3,
  };
}

/** Answers like the server: every filter of the gallery, then 25 per page with the position as the cursor. */
function galleryPage(klips: readonly AdminKlipCard[], req: FakeRequest): Response {
  const q = req.url.searchParams;
  const search = q.get('search')?.toLowerCase();
  const matching = klips.filter((k) => {
    const votes = Object.values(k.counts).reduce((sum, n) => sum + n, 0);
    return (
      (!search || k.prompt.toLowerCase().includes(search)) &&
      (!q.get('userId') || k.creator.id === q.get('userId')) &&
      (!q.get('type') || k.klipType === q.get('type')) &&
      (!q.get('visibility') || k.isPublic === (q.get('visibility') === 'public')) &&
      (!q.get('rating') || votes > 0 === (q.get('rating') === 'rated')) &&
      (!q.get('tag') || k.tags.includes(q.get('tag') ?? ''))
    );
  });
  const start = Number(q.get('cursor') ?? 0);
  const end = start + ADMIN_KLIP_PAGE_SIZE;
  const page: AdminKlipPage = { klips: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null };
  return json(200, page);
}

let klips: AdminKlipCard[];
/** Leo's video and two of Maya's images: enough for the tests that need no second page. */
const fewKlips = () => (klips = klips.slice(0, 3));

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  // jsdom plays no video; the cards play theirs while hovered.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue();
  // 28 of Maya's images (two pages), then Leo's public video tagged "summer" with a heart.
  klips = [
    adminKlip(leo, {
      klipType: 'video',
      prompt: 'sneaker spinning in neon light',
      isPublic: true,
      tags: ['summer'],
      counts: { archived: 0, one_star: 0, two_stars: 0, heart: 1, superlike: 0 },
    }),
    ...Array.from({ length: 28 }, (_, i) => adminKlip(maya, { prompt: `candle photo ${i + 1} on marble` })),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => json(200, meFixture({ isSuperAdmin: true }))),
    on(listAllKlipTags, () =>
      json(200, {
        tags: [
          { name: 'summer', count: 1 },
          { name: 'candles', count: 4 },
        ],
      }),
    ),
    on(listAllKlips, (req) => galleryPage(klips, req)),
    on(listUsers, (req) => {
      const search = req.url.searchParams.get('search') ?? '';
      const users = [maya, leo].filter((u) => u.email.includes(search)).map(adminUser);
      return json(200, { users, nextCursor: null });
    }),
    ...extra,
  );
}

function renderGallery(url = `${paths.superAdmin}?tab=klips`) {
  return renderRoutes(
    <Routes>
      <Route
        path={paths.superAdmin}
        element={
          <>
            <GodModePage />
            <LocationProbe />
            <Toaster />
          </>
        }
      />
    </Routes>,
    url,
  );
}

const cards = () => screen.queryAllByRole('article');
const cardOf = (prompt: string) => screen.getByRole('article', { name: prompt });
const location = () => screen.getByTestId('location').textContent;
const queries = (api: ReturnType<typeof server>) => api.calls(listAllKlips).map((r) => r.url.search);
const superlikeButton = (card: HTMLElement) => within(card).getByRole('button', { name: /^Superlike: \d+$/ });

/** The user search waits for a pause in typing, then asks the server: allow for it on a busy machine. */
const debounced = { timeout: 3000 };

/** A server answer the test releases when it wants to, to see what the card shows meanwhile. */
function deferred() {
  let release!: (res: Response) => void;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer, release };
}

describe('Klips Gallery', () => {
  it("shows every user's klips with the creator's email, 25 a page, and Load More asks for the next cursor", async () => {
    const api = server();
    const user = userEvent.setup();
    renderGallery();
    expect(await screen.findByRole('status', { name: 'Loading klips' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(within(cardOf('sneaker spinning in neon light')).getByText(leo.email)).toBeTruthy();
    expect(within(cardOf('candle photo 1 on marble')).getByText(maya.email)).toBeTruthy();
    for (const card of cards()) expect(within(card).queryByText(/@(candles|sneakers)\.test$/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(29));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(queries(api)).toEqual(['', '?cursor=25']);
  });

  it('sends search, user, type, visibility, rating and tag to the server and keeps them in the URL beside the tab', async () => {
    fewKlips();
    const api = server();
    const user = userEvent.setup();
    renderGallery();
    await waitFor(() => expect(cards()).toHaveLength(3));

    // The user filter searches users by email and picks one.
    const picker = screen.getByRole('combobox', { name: 'Filter by user' });
    await user.type(picker, 'leo');
    const option = await screen.findByRole('option', { name: /leo@sneakers\.test/ }, debounced);
    expect(api.calls(listUsers).at(-1)?.url.search).toBe('?search=leo');
    await user.click(option);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const chip = screen.getByRole('button', { name: 'Clear user filter' }).parentElement;
    expect(chip?.textContent).toBe('Klips by leo@sneakers.test');

    const advanced = screen.getByRole('button', { name: /Advanced filters/ });
    expect(advanced.getAttribute('aria-expanded')).toBe('false');
    await user.click(advanced);
    expect([...screen.getByLabelText<HTMLSelectElement>('Type').options].map((o) => o.text)).toEqual(['All', 'Image', 'Video']);
    expect([...screen.getByLabelText<HTMLSelectElement>('Visibility').options].map((o) => o.text)).toEqual(['All', 'Public', 'Private']);
    expect([...screen.getByLabelText<HTMLSelectElement>('Rating').options].map((o) => o.text)).toEqual(['All', 'Rated', 'Unrated']);
    await user.selectOptions(screen.getByLabelText('Type'), 'Video');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Public');
    await user.selectOptions(screen.getByLabelText('Rating'), 'Rated');
    await user.click(screen.getByRole('button', { name: /#summer/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'sneaker');

    await waitFor(
      () => expect(queries(api).at(-1)).toBe('?search=sneaker&userId=u2&type=video&visibility=public&rating=rated&tag=summer'),
      debounced,
    );
    expect(location()).toBe(
      '/super-admin?tab=klips&q=sneaker&user=u2&email=leo%40sneakers.test&type=video&visibility=public&rating=rated&tag=summer',
    );
    expect(cards()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Clear user filter' }));
    await waitFor(() => expect(queries(api).at(-1)).toBe('?search=sneaker&type=video&visibility=public&rating=rated&tag=summer'));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Filter by user' }));
    expect(location()).toBe('/super-admin?tab=klips&q=sneaker&type=video&visibility=public&rating=rated&tag=summer');
  });

  it('restores the filters from the URL on reload', async () => {
    const api = server();
    renderGallery(
      '/super-admin?tab=klips&q=sneaker&user=u2&email=leo%40sneakers.test&type=video&visibility=public&rating=rated&tag=summer',
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(queries(api)).toEqual(['?search=sneaker&userId=u2&type=video&visibility=public&rating=rated&tag=summer']);
    expect(screen.getByRole('tab', { name: 'Klips Gallery' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveProperty('value', 'sneaker');
    expect(screen.getByRole('button', { name: 'Clear user filter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Advanced filters/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('video');
    expect(screen.getByLabelText<HTMLSelectElement>('Visibility').value).toBe('public');
    expect(screen.getByLabelText<HTMLSelectElement>('Rating').value).toBe('rated');
    expect(screen.getByRole('button', { name: /#summer/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('picks a user with the keyboard and says when no user matches', async () => {
    fewKlips();
    const api = server();
    const user = userEvent.setup();
    renderGallery();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const picker = screen.getByRole('combobox', { name: 'Filter by user' });

    await user.type(picker, 'nobody');
    expect(await screen.findByText('No users match this search', {}, debounced)).toBeTruthy();

    await user.clear(picker);
    await user.type(picker, '.test');
    await screen.findByRole('option', { name: /maya@candles\.test/ }, debounced);
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    const active = picker.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toContain(leo.email);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(queries(api).at(-1)).toBe('?userId=u2'));
    expect(location()).toBe('/super-admin?tab=klips&user=u2&email=leo%40sneakers.test');
  });

  it("says 'No klips found - Try adjusting your filters to see more results' and clears the filters", async () => {
    fewKlips();
    server();
    const user = userEvent.setup();
    renderGallery('/super-admin?tab=klips&q=nothing-like-this&rating=unrated');
    const heading = await screen.findByRole('heading', { name: klipTexts.noKlips });
    expect(heading.textContent).toBe('No klips found');
    expect(heading.nextElementSibling?.textContent).toBe('Try adjusting your filters to see more results');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(location()).toBe('/super-admin?tab=klips');
    expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveProperty('value', '');
  });

  it('shows the load error with a retry', async () => {
    fewKlips();
    let fail = true;
    server(on(listAllKlips, (req) => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : galleryPage(klips, req))));
    const user = userEvent.setup();
    renderGallery();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load images. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});

describe('Klips Gallery superlike', () => {
  it('casts the superlike at once (replacing the heart), and takes it back', async () => {
    klips = [
      adminKlip(leo, {
        prompt: 'sneaker on wet asphalt',
        viewerVote: 'heart',
        counts: { archived: 0, one_star: 0, two_stars: 0, heart: 2, superlike: 0 },
      }),
    ];
    let pending = deferred();
    const api = server(on(superlikeKlip, () => pending.answer));
    const user = userEvent.setup();
    renderGallery();
    const card = await screen.findByRole('article', { name: 'sneaker on wet asphalt' });
    expect(superlikeButton(card).getAttribute('aria-pressed')).toBe('false');

    await user.click(superlikeButton(card));
    // Before the server answers: the superlike is the admin's one vote, so the heart goes.
    expect(superlikeButton(card).getAttribute('aria-label')).toBe('Superlike: 1');
    expect(superlikeButton(card).getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Heart: 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(api.calls(superlikeKlip, { id: klips[0]!.id }).at(-1)?.body).toEqual({ superlike: true });
    const cast: VoteResult = { counts: { archived: 0, one_star: 0, two_stars: 0, heart: 1, superlike: 1 }, viewerVote: 'superlike' };
    await act(async () => pending.release(json(200, cast)));
    expect(await screen.findByText(adminTexts.gallery.superlikeSent)).toBeTruthy();
    expect(superlikeButton(card).getAttribute('aria-label')).toBe('Superlike: 1');

    pending = deferred();
    await user.click(superlikeButton(card));
    expect(superlikeButton(card).getAttribute('aria-label')).toBe('Superlike: 0');
    expect(superlikeButton(card).getAttribute('aria-pressed')).toBe('false');
    expect(api.calls(superlikeKlip).at(-1)?.body).toEqual({ superlike: false });
    await act(async () =>
      pending.release(json(200, { counts: { archived: 0, one_star: 0, two_stars: 0, heart: 1, superlike: 0 }, viewerVote: null })),
    );
    expect(superlikeButton(card).getAttribute('aria-label')).toBe('Superlike: 0');
    expect(api.calls(voteOnKlip)).toHaveLength(0);
  });

  it('reverts when the server refuses it and logs why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    klips = [adminKlip(maya, { prompt: 'amber candle', counts: { archived: 0, one_star: 0, two_stars: 0, heart: 0, superlike: 3 } })];
    const pending = deferred();
    server(on(superlikeKlip, () => pending.answer));
    const user = userEvent.setup();
    renderGallery();
    const card = await screen.findByRole('article', { name: 'amber candle' });
    // The toasts are one store for the whole app: count the ones this test raises.
    const toastsBefore = screen.queryAllByText(adminTexts.gallery.superlikeSent).length;
    await user.click(superlikeButton(card));
    expect(superlikeButton(card).getAttribute('aria-label')).toBe('Superlike: 4');
    await act(async () => pending.release(apiError(500, 'INTERNAL', 'Something went wrong')));
    await waitFor(() => expect(superlikeButton(card).getAttribute('aria-label')).toBe('Superlike: 3'));
    expect(superlikeButton(card).getAttribute('aria-pressed')).toBe('false');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryAllByText(adminTexts.gallery.superlikeSent)).toHaveLength(toastsBefore);
  });
});

describe('Klips Gallery visibility', () => {
  it("switches any user's klip public, and the card shows it", async () => {
    fewKlips();
    const api = server(on(setKlipVisibility, (req) => json(200, { isPublic: (req.body as { isPublic: boolean }).isPublic })));
    const user = userEvent.setup();
    renderGallery();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const target = klips[1]!;
    const visibility = within(cardOf(target.prompt)).getByRole('switch', { name: 'Private — Make public' });
    expect(visibility.getAttribute('aria-checked')).toBe('false');
    await user.click(visibility);
    await waitFor(() => expect(visibility.getAttribute('aria-checked')).toBe('true'));
    expect(visibility.getAttribute('aria-label')).toBe('Public — Make private');
    expect(api.calls(setKlipVisibility, { id: target.id })[0]?.body).toEqual({ isPublic: true });
  });
});

describe('Klips Gallery delete', () => {
  it('asks first, then deletes the klip and takes its card away', async () => {
    fewKlips();
    const api = server(on(deleteKlipAsAdmin, () => new Response(null, { status: 204 })));
    const user = userEvent.setup();
    renderGallery();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const target = klips[0]!;
    const card = cardOf(target.prompt);

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: adminTexts.gallery.deleteConfirmTitle });
    expect(within(dialog).getByText(adminTexts.gallery.deleteConfirmBody)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(deleteKlipAsAdmin)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: adminTexts.gallery.deleteConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete klip' }));
    expect(await screen.findByText(adminTexts.gallery.deleted)).toBeTruthy();
    expect(api.calls(deleteKlipAsAdmin, { id: target.id })).toHaveLength(1);
    expect(screen.queryByRole('article', { name: target.prompt })).toBeNull();
    expect(cards()).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the card and says the server's reason when the delete is refused", async () => {
    fewKlips();
    server(on(deleteKlipAsAdmin, () => apiError(403, 'FORBIDDEN', 'Only super admins can do this.')));
    const user = userEvent.setup();
    renderGallery();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const card = cardOf(klips[1]!.prompt);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete klip' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Only super admins can do this.');
    expect(cards()).toHaveLength(3);
  });
});
