import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiError, fakeApi, json, on, type FakeHandler, type FakeRequest } from '#test-support/web/fake-api.ts';
import { videoInspirationCategories, videoInspirations } from '../testing/fixtures.ts';
import { renderWithQueryClient } from '../testing/render.tsx';
import { VideoInspirationModal, type VideoInspirationChoice } from './video-inspiration-modal.tsx';
import { listVideoInspirationCategories, listVideoInspirations } from '#contracts/routes.ts';

function filterExamples(req: FakeRequest) {
  const category = req.url.searchParams.get('category');
  const subcategory = req.url.searchParams.get('subcategory');
  const search = req.url.searchParams.get('search');
  return videoInspirations.filter(
    (e) =>
      (!category || e.category === category) &&
      (!subcategory || e.subcategory === subcategory) &&
      (!search || e.prompt.toLowerCase().includes(search.toLowerCase())),
  );
}

function server(inspirations: FakeHandler = (req) => json(200, { inspirations: filterExamples(req) })) {
  return fakeApi(
    on(listVideoInspirationCategories, () => json(200, { categories: videoInspirationCategories })),
    on(listVideoInspirations, inspirations),
  );
}

/** The modal as the page holds it: open at first, closed by the modal itself. */
function Harness({ onUse }: { onUse: (choice: VideoInspirationChoice) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open gallery
      </button>
      <VideoInspirationModal open={open} onOpenChange={setOpen} onUse={onUse} />
    </>
  );
}

function renderModal(onUse: (choice: VideoInspirationChoice) => void = () => {}) {
  renderWithQueryClient(<Harness onUse={onUse} />);
  return screen.findByRole('dialog', { name: 'Get Inspired' });
}

const videosIn = (dialog: HTMLElement) => [...dialog.querySelectorAll('video')];
/** Moves the pointer off the cards, onto the search box (the page behind the modal takes no pointer). */
const pointAway = (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
  user.hover(within(dialog).getByRole('searchbox', { name: 'Search examples' }));

// jsdom cannot play media: every test gets play and pause stubs to watch.
let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;
beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('video Get Inspired', () => {
  it('shows a loading state, then example videos (poster first, muted, not preloaded) with the effect name, badges and subject', async () => {
    let answer!: () => void;
    server(
      (req) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(200, { inspirations: filterExamples(req) }));
        }),
    );
    const dialog = await renderModal();
    expect(within(dialog).getByRole('status', { name: 'Loading examples' })).toBeTruthy();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    const cards = await within(dialog).findAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const [first, second] = videosIn(dialog);
    expect(first!.getAttribute('src')).toBe('/files/inspirations/videos/one.mp4');
    expect(first!.getAttribute('poster')).toBe('/files/inspirations/videos/one-poster.webp');
    expect(first!.getAttribute('preload')).toBe('none');
    expect(first!.muted).toBe(true);
    expect(first!.loop).toBe(true);
    expect(first!.hasAttribute('playsinline')).toBe(true);
    // No poster: no empty poster attribute either.
    expect(second!.hasAttribute('poster')).toBe(false);

    expect(within(cards[0]!).getByText('Squish It')).toBeTruthy();
    expect(within(cards[0]!).getByText('sneaker')).toBeTruthy();
    expect(within(cards[0]!).getByText('Fashion')).toBeTruthy();
    expect(within(cards[0]!).getByText('Footwear')).toBeTruthy();
    expect(within(cards[1]!).getByText('Princess Me')).toBeTruthy();
    expect(within(cards[1]!).getByText('perfume bottle')).toBeTruthy();
    expect(within(cards[1]!).getByRole('button', { name: 'Use this example: perfume bottle, Princess Me' })).toBeTruthy();
    expect(within(cards[1]!).getByRole('button', { name: 'Use this' })).toBeTruthy();
  });

  it("says 'No examples found' when nothing matches", async () => {
    server(() => json(200, { inspirations: [] }));
    const dialog = await renderModal();
    expect(await within(dialog).findByText('No examples found')).toBeTruthy();
    expect(videosIn(dialog)).toHaveLength(0);
  });

  it("says 'Failed to load examples' and loads again on retry", async () => {
    let fail = true;
    server((req) => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, { inspirations: filterExamples(req) })));
    const user = userEvent.setup();
    const dialog = await renderModal();
    expect(await within(dialog).findByText('Failed to load examples')).toBeTruthy();
    expect(within(dialog).getByText('Something went wrong')).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(2);
  });

  it('searches on the server after a short pause', async () => {
    const api = server();
    const user = userEvent.setup();
    const dialog = await renderModal();
    await within(dialog).findAllByRole('listitem');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search examples' }), 'sneaker');
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls(listVideoInspirations).map((c) => c.url.searchParams.get('search'))).toEqual([null, 'sneaker']);
  });

  it('filters by category, then subcategory (shown once a category is chosen, reset when it changes)', async () => {
    const api = server();
    const user = userEvent.setup();
    const dialog = await renderModal();
    await within(dialog).findAllByRole('listitem');
    expect(within(dialog).queryByRole('combobox', { name: 'Subcategory' })).toBeNull();

    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    await user.selectOptions(category, 'Beauty');
    const sub = await within(dialog).findByRole<HTMLSelectElement>('combobox', { name: 'Subcategory' });
    expect([...sub.options].map((o) => o.text)).toEqual(['All subcategories', 'Fragrance', 'Skincare']);
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls(listVideoInspirations).at(-1)?.url.search).toBe('?category=Beauty');

    await user.selectOptions(sub, 'Skincare');
    expect(await within(dialog).findByText('No examples found')).toBeTruthy();
    expect(api.calls(listVideoInspirations).at(-1)?.url.search).toBe('?category=Beauty&subcategory=Skincare');

    await user.selectOptions(category, 'Fashion');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Subcategory' }).value).toBe('');
    await waitFor(() => expect(api.calls(listVideoInspirations).at(-1)?.url.search).toBe('?category=Fashion'));

    await user.selectOptions(category, '');
    expect(within(dialog).queryByRole('combobox', { name: 'Subcategory' })).toBeNull();
  });

  it('choosing an example (its button or its video) gives its subject and effect and closes the modal', async () => {
    server();
    const onUse = vi.fn<(choice: VideoInspirationChoice) => void>();
    const user = userEvent.setup();
    let dialog = await renderModal(onUse);
    await within(dialog).findAllByRole('listitem');
    await user.click(within(dialog).getAllByRole('button', { name: 'Use this' })[1]!);
    expect(onUse).toHaveBeenLastCalledWith({ subject: 'perfume bottle', effect: 'princess_me' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open gallery' }));
    dialog = await screen.findByRole('dialog', { name: 'Get Inspired' });
    await user.click((await within(dialog).findAllByRole('button', { name: /^Use this example/ }))[0]!);
    expect(onUse).toHaveBeenLastCalledWith({ subject: 'sneaker', effect: 'squish_it' });
    expect(onUse).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('plays a video while its card is hovered or holds the keyboard focus, and pauses it after', async () => {
    server();
    const user = userEvent.setup();
    const dialog = await renderModal();
    const cards = await within(dialog).findAllByRole('listitem');
    expect(play).not.toHaveBeenCalled();

    await user.hover(cards[0]!);
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(videosIn(dialog)[0]);
    await pointAway(user, dialog);
    expect(pause).toHaveBeenCalledTimes(1);

    // Keyboard: focus on the preview plays it; moving to the card's own 'Use this' keeps it playing.
    const preview = within(cards[1]!).getByRole('button', { name: /^Use this example/ });
    act(() => preview.focus());
    expect(play).toHaveBeenCalledTimes(2);
    expect(play.mock.contexts[1]).toBe(videosIn(dialog)[1]);
    await user.tab();
    expect(document.activeElement).toBe(within(cards[1]!).getByRole('button', { name: 'Use this' }));
    expect(pause).toHaveBeenCalledTimes(1);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(pause).toHaveBeenCalledTimes(2);
    expect(pause.mock.contexts[1]).toBe(videosIn(dialog)[1]);
  });

  it('keeps the poster when the browser refuses to play', async () => {
    server();
    // A plain function, not a spy: a spy watches the promise it returns, which would hide an unhandled refusal.
    play.mockRestore();
    const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')!;
    let refusals = 0;
    Object.defineProperty(HTMLMediaElement.prototype, 'play', {
      ...original,
      value: () => {
        refusals += 1;
        return Promise.reject(new DOMException('play() is not allowed', 'NotAllowedError'));
      },
    });
    try {
      const user = userEvent.setup();
      const dialog = await renderModal();
      const cards = await within(dialog).findAllByRole('listitem');
      await user.hover(cards[0]!);
      expect(refusals).toBe(1);
      // Vitest fails the run on an unhandled rejection: give it the time to surface.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await pointAway(user, dialog);
      expect(pause).toHaveBeenCalledOnce();
    } finally {
      Object.defineProperty(HTMLMediaElement.prototype, 'play', original);
    }
  });
});
