import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageInspiration } from '#contracts/inspirations.ts';
import { apiError, json, on, type FakeHandler, type FakeRequest } from '#test-support/web/fake-api.ts';
import { FakeEventSource } from '#web/lib/generation/testing/fake-event-source.ts';
import { editorServer, renderEditor } from '../testing/editor-server.tsx';
import { inspirationFixture } from '../testing/fixtures.ts';
import { listImageInspirationCategories, listImageInspirations } from '#contracts/routes.ts';

const LONG_PROMPT =
  'Amber glass serum bottle standing on wet black slate beside fresh eucalyptus leaves, soft morning window light, water droplets, shallow depth of field';

const examples: ImageInspiration[] = [
  inspirationFixture({ id: 'i-1', prompt: LONG_PROMPT }),
  inspirationFixture({ id: 'i-2', prompt: 'White sneaker floating over a pastel gradient', category: 'Fashion', subcategory: 'Footwear' }),
];

const categories = [
  { category: 'Beauty', subcategories: ['Skincare', 'Makeup'] },
  { category: 'Fashion', subcategories: ['Footwear'] },
];

function filterExamples(req: FakeRequest) {
  const category = req.url.searchParams.get('category');
  const subcategory = req.url.searchParams.get('subcategory');
  const search = req.url.searchParams.get('search');
  return examples.filter(
    (e) =>
      (!category || e.category === category) &&
      (!subcategory || e.subcategory === subcategory) &&
      (!search || e.prompt.toLowerCase().includes(search.toLowerCase())),
  );
}

function server(inspirations: FakeHandler = (req) => json(200, { inspirations: filterExamples(req) })) {
  return editorServer([on(listImageInspirationCategories, () => json(200, { categories })), on(listImageInspirations, inspirations)]);
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
  await user.click(screen.getByRole('button', { name: 'Get Inspired' }));
  return screen.findByRole('dialog', { name: 'Get Inspired' });
}

beforeEach(() => FakeEventSource.reset());
afterEach(() => vi.unstubAllGlobals());

describe('Get Inspired', () => {
  it('shows a loading state, then examples with lazy images, badges and a collapsible long prompt', async () => {
    let answer!: () => void;
    server(
      (req) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(200, { inspirations: filterExamples(req) }));
        }),
    );
    const user = userEvent.setup();
    renderEditor();
    const dialog = await openModal(user);
    expect(within(dialog).getByRole('status', { name: 'Loading examples' })).toBeTruthy();
    answer();
    const images = await within(dialog).findAllByRole<HTMLImageElement>('img');
    expect(images).toHaveLength(2);
    expect(images[0]!.getAttribute('loading')).toBe('lazy');
    expect(images[0]!.getAttribute('src')).toBe('/files/inspirations/images/one-thumb.webp');
    expect(images[0]!.alt).not.toBe('');
    const cards = within(dialog).getAllByRole('listitem');
    expect(within(cards[1]!).getByText('Fashion')).toBeTruthy();
    expect(within(cards[1]!).getByText('Footwear')).toBeTruthy();
    expect(within(cards[0]!).getByText('Skincare')).toBeTruthy();

    expect(within(dialog).queryByText(LONG_PROMPT, { exact: false })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(within(dialog).getByText(LONG_PROMPT, { exact: false })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Show less' }));
    expect(within(dialog).queryByText(LONG_PROMPT, { exact: false })).toBeNull();
    // The short prompt has no toggle.
    expect(within(dialog).getAllByRole('button', { name: /Show (more|less)/ })).toHaveLength(1);
  });

  it('shows the subcategory select only after a category is chosen, resets it on a category change and reloads', async () => {
    const api = server();
    const user = userEvent.setup();
    renderEditor();
    const dialog = await openModal(user);
    await within(dialog).findAllByRole('img');
    expect(within(dialog).queryByRole('combobox', { name: 'Subcategory' })).toBeNull();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Beauty');
    const sub = await within(dialog).findByRole<HTMLSelectElement>('combobox', { name: 'Subcategory' });
    expect([...sub.options].map((o) => o.text)).toEqual(['All subcategories', 'Skincare', 'Makeup']);
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(1));

    await user.selectOptions(sub, 'Makeup');
    expect(await within(dialog).findByText('No examples found')).toBeTruthy();
    expect(api.calls(listImageInspirations).at(-1)?.url.search).toBe('?category=Beauty&subcategory=Makeup');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Fashion');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Subcategory' }).value).toBe('');
    await waitFor(() => expect(api.calls(listImageInspirations).at(-1)?.url.search).toBe('?category=Fashion'));

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), '');
    expect(within(dialog).queryByRole('combobox', { name: 'Subcategory' })).toBeNull();
  });

  it('searches on the server after a short pause', async () => {
    const api = server();
    const user = userEvent.setup();
    renderEditor();
    const dialog = await openModal(user);
    await within(dialog).findAllByRole('img');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search examples' }), 'sneaker');
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(1));
    expect(api.calls(listImageInspirations).map((c) => c.url.searchParams.get('search'))).toEqual([null, 'sneaker']);
  });

  it('choosing an example (its button or its image) fills the prompt and closes the modal', async () => {
    server();
    const user = userEvent.setup();
    renderEditor();
    let dialog = await openModal(user);
    await within(dialog).findAllByRole('img');
    await user.click(within(dialog).getAllByRole('button', { name: 'Use this prompt' })[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ }).value).toBe(
      'White sneaker floating over a pastel gradient',
    );

    dialog = await openModal(user);
    await user.click((await within(dialog).findAllByRole('button', { name: /^Use this example/ }))[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ }).value).toBe(LONG_PROMPT);
  });

  it("says 'Failed to load examples' and loads again on retry", async () => {
    let fail = true;
    server((req) => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, { inspirations: filterExamples(req) })));
    const user = userEvent.setup();
    renderEditor();
    const dialog = await openModal(user);
    expect(await within(dialog).findByText('Failed to load examples')).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findAllByRole('img')).toHaveLength(2);
  });
});
