import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrainedModel } from '#contracts/models.ts';
import { Toaster } from '../../components/ui/toast.tsx';
import { paths } from '../../lib/paths.ts';
// The fake server and render helpers are shared test tooling.
import { apiError, fakeApi, json, on, type FakeApi, type FakeRequest, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import ModelsPage from './models-page.tsx';
import { listTrainedModels, setTrainedModelVisibility } from '#contracts/routes.ts';

/** Where the router went, and the state it carried. */
function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="location-state">{JSON.stringify(location.state)}</p>
    </>
  );
}

const routes = (
  <Routes>
    <Route
      path={paths.models}
      element={
        <>
          <ModelsPage />
          <Toaster />
        </>
      }
    />
    <Route path={paths.createImage} element={<LocationProbe />} />
  </Routes>
);

const LONG_PROMPT =
  'NOVASTYLE sneaker floating above a glossy floor, bold shadows, saturated colour blocking, studio haze, ultra sharp detail, 4k';

function trained(overrides: Partial<TrainedModel> & Pick<TrainedModel, 'id' | 'name' | 'type'>): TrainedModel {
  return {
    baseModel: 'flux-pro-1.1-ultra',
    testPrompt: null,
    triggerWord: null,
    isPublic: true,
    createdAt: '2026-11-01T12:00:00.000Z',
    canEdit: false,
    attributes: [],
    ...overrides,
  };
}

let models: TrainedModel[];

/** Radix's Switch measures its thumb; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  models = [
    trained({
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Aurora Skincare',
      type: 'product',
      triggerWord: 'AURSKIN',
      testPrompt: 'AURSKIN serum bottle on wet stone, morning light',
      createdAt: '2026-11-04T12:00:00.000Z',
    }),
    trained({
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Maya Brand Model',
      type: 'character',
      triggerWord: 'MAYAMODEL',
      testPrompt: 'MAYAMODEL wearing a linen summer dress',
      createdAt: '2026-11-03T12:00:00.000Z',
    }),
    trained({
      id: '33333333-3333-4333-8333-333333333333',
      name: 'My Candle Style',
      type: 'style',
      triggerWord: 'CNDLSTYLE',
      testPrompt: LONG_PROMPT,
      isPublic: false,
      canEdit: true,
      createdAt: '2026-11-02T12:00:00.000Z',
    }),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers GET /api/models/trained like the server: filters by type, publicOnly and search. */
function listModels(req: FakeRequest): Response {
  const q = req.url.searchParams;
  const type = q.get('type');
  const search = q.get('search')?.toLowerCase();
  return json(200, {
    models: models.filter(
      (m) =>
        (!type || m.type === type) &&
        (q.get('publicOnly') !== 'true' || m.isPublic) &&
        (!search || [m.name, m.triggerWord ?? '', m.testPrompt ?? ''].some((v) => v.toLowerCase().includes(search))),
    ),
  });
}

function server(...extra: FakeRoute[]) {
  return fakeApi(on(listTrainedModels, listModels), ...extra);
}

const listCalls = (api: FakeApi) => api.calls(listTrainedModels);
const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const date = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

describe('Klip Models', () => {
  it('shows skeleton cards, then a card per model with every field, newest first', async () => {
    const api = server();
    renderRoutes(routes, paths.models);
    expect(screen.getByRole('status', { name: 'Loading models' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Klip Models' })).toBeTruthy();
    expect(document.title).toBe('Klip Models — Klipt');

    await screen.findByRole('article', { name: 'Aurora Skincare' });
    expect(screen.queryByRole('status', { name: 'Loading models' })).toBeNull();
    expect(cardNames()).toEqual(['Aurora Skincare', 'Maya Brand Model', 'My Candle Style']);
    expect(screen.getByText('3 models')).toBeTruthy();
    expect(listCalls(api)[0]?.url.search).toBe('');

    const aurora = within(card('Aurora Skincare'));
    expect(aurora.getByText('Public')).toBeTruthy();
    expect(aurora.getByText('Product')).toBeTruthy();
    expect(aurora.getByText('AURSKIN').tagName).toBe('CODE');
    expect(aurora.getByText('AURSKIN serum bottle on wet stone, morning light')).toBeTruthy();
    const created = aurora.getByText(date('2026-11-04T12:00:00.000Z'));
    expect(created.tagName).toBe('TIME');
    expect(created.getAttribute('datetime')).toBe('2026-11-04T12:00:00.000Z');
    expect(aurora.getByRole('link', { name: 'Use Model' })).toBeTruthy();

    const mine = within(card('My Candle Style'));
    expect(mine.getByText('Private')).toBeTruthy();
    expect(mine.getByText('Style')).toBeTruthy();
    expect(mine.getByText('CNDLSTYLE')).toBeTruthy();
    expect(within(card('Maya Brand Model')).getByText('Character')).toBeTruthy();
  });

  it("cuts a test prompt over 100 characters until 'Show more'", async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    const mine = within(await screen.findByRole('article', { name: 'My Candle Style' }));
    expect(mine.queryByText(LONG_PROMPT)).toBeNull();
    expect(mine.getByText(`${LONG_PROMPT.slice(0, 100).trimEnd()}…`)).toBeTruthy();
    const more = mine.getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(mine.getByText(LONG_PROMPT)).toBeTruthy();
    await user.click(mine.getByRole('button', { name: 'Show less' }));
    expect(mine.queryByText(LONG_PROMPT)).toBeNull();
    // Short prompts have nothing to expand.
    expect(within(card('Aurora Skincare')).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('searches on the server once typing pauses, and shows what it found', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await screen.findByRole('article', { name: 'Aurora Skincare' });
    await user.type(screen.getByRole('searchbox', { name: 'Search models' }), '  linen ');

    await waitFor(() => expect(cardNames()).toEqual(['Maya Brand Model']));
    // One request for the whole word (debounced), trimmed.
    expect(listCalls(api).map((r) => r.url.search)).toEqual(['', '?search=linen']);
    expect(screen.getByText('1 model')).toBeTruthy();

    // Clearing the box shows every model again at once, and keeps the focus in the box.
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search models' }));
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('filters by type on the server', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await screen.findByRole('article', { name: 'Aurora Skincare' });
    const type = screen.getByLabelText<HTMLSelectElement>('Type');
    expect([...type.options].map((o) => o.text)).toEqual(['All', 'Character', 'General', 'Product', 'Style']);

    await user.selectOptions(type, 'Character');
    await waitFor(() => expect(cardNames()).toEqual(['Maya Brand Model']));
    expect(listCalls(api).at(-1)?.url.search).toBe('?type=character');

    await user.selectOptions(type, 'All');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(listCalls(api).at(-1)?.url.search).toBe('');
  });

  it("asks the server for public models only while 'Public Only' is on", async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await screen.findByRole('article', { name: 'My Candle Style' });
    const publicOnly = screen.getByRole('switch', { name: 'Public Only' });
    expect(publicOnly.getAttribute('aria-checked')).toBe('false');

    await user.click(publicOnly);
    expect(publicOnly.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(cardNames()).toEqual(['Aurora Skincare', 'Maya Brand Model']));
    expect(listCalls(api).at(-1)?.url.search).toBe('?publicOnly=true');

    await user.click(publicOnly);
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(listCalls(api).at(-1)?.url.search).toBe('');
  });

  it('combines the filters in one request', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await screen.findByRole('article', { name: 'Aurora Skincare' });
    await user.selectOptions(screen.getByLabelText('Type'), 'Product');
    await user.click(screen.getByRole('switch', { name: 'Public Only' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search models' }), 'serum');
    await waitFor(() => expect(listCalls(api).at(-1)?.url.searchParams.get('search')).toBe('serum'));
    const last = listCalls(api).at(-1)!.url.searchParams;
    expect(Object.fromEntries(last)).toEqual({ type: 'product', publicOnly: 'true', search: 'serum' });
    await waitFor(() => expect(cardNames()).toEqual(['Aurora Skincare']));
  });

  it("says 'No models found' and, when filters hide everything, offers to clear them", async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await screen.findByRole('article', { name: 'Aurora Skincare' });
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search models' });
    await user.type(search, 'zebra');

    expect(await screen.findByRole('heading', { name: 'No models found' })).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'No models found')).toBe(true);
    // Escape empties the search box too.
    await user.type(search, '{Escape}');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    await user.type(search, 'zebra');
    await screen.findByRole('heading', { name: 'No models found' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(search.value).toBe('');
    expect(listCalls(api).at(-1)?.url.search).toBe('');
  });

  it("says 'No models found' without a clear button when there are no models at all", async () => {
    models = [];
    server();
    renderRoutes(routes, paths.models);
    expect(await screen.findByRole('heading', { name: 'No models found' })).toBeTruthy();
    expect(screen.getByText('Public models and the models you train will show up here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("shows the server's error message and loads the list again on retry", async () => {
    let fail = true;
    const api = server(
      on(listTrainedModels, (req) => (fail ? apiError(503, 'UNAVAILABLE', 'The model catalogue is being updated.') : listModels(req))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load models');
    expect(alert.textContent).toContain('The model catalogue is being updated.');
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(listCalls(api)).toHaveLength(2);
  });

  it('shows a generic message when the failure carries no message of the server', async () => {
    server(on(listTrainedModels, () => new Response('<html>Bad gateway</html>', { status: 502 })));
    renderRoutes(routes, paths.models);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong. Please try again.');
    expect(alert.textContent).not.toContain('502');
  });

  it('offers the visibility button only on models the user may edit', async () => {
    server();
    renderRoutes(routes, paths.models);
    await screen.findByRole('article', { name: 'Aurora Skincare' });
    expect(within(card('My Candle Style')).getByRole('button', { name: 'Make public' })).toBeTruthy();
    for (const name of ['Aurora Skincare', 'Maya Brand Model']) {
      expect(within(card(name)).queryByRole('button', { name: /^Make (public|private)$/ })).toBeNull();
    }
  });

  it('makes a model public with PATCH { isPublic: true }, spins meanwhile, reloads the list and says so', async () => {
    const id = '33333333-3333-4333-8333-333333333333';
    let answer!: () => void;
    const api = server(
      on(
        setTrainedModelVisibility,
        (req) =>
          new Promise<Response>((resolve) => {
            answer = () => {
              const { isPublic } = req.body as { isPublic: boolean };
              models = models.map((m) => (m.id === id ? { ...m, isPublic } : m));
              resolve(
                json(
                  200,
                  models.find((m) => m.id === id),
                ),
              );
            };
          }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await screen.findByRole('article', { name: 'My Candle Style' });
    const mine = within(card('My Candle Style'));
    await user.click(mine.getByRole('button', { name: 'Make public' }));

    expect(api.calls(setTrainedModelVisibility, { id }).map((r) => r.body)).toEqual([{ isPublic: true }]);
    const busy = mine.getByRole<HTMLButtonElement>('button', { name: 'Make public' });
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    const listsBefore = listCalls(api).length;
    act(() => answer());

    // The new label comes from the reloaded list.
    expect(await mine.findByRole('button', { name: 'Make private' })).toBeTruthy();
    expect(mine.getByText('Public')).toBeTruthy();
    expect(listCalls(api).length).toBe(listsBefore + 1);
    expect(await screen.findByText('My Candle Style is now public.')).toBeTruthy();
  });

  it('makes a model private with PATCH { isPublic: false }', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    models = models.map((m) => (m.id === id ? { ...m, canEdit: true } : m));
    const api = server(
      on(setTrainedModelVisibility, (req) => {
        models = models.map((m) => (m.id === id ? { ...m, isPublic: (req.body as { isPublic: boolean }).isPublic } : m));
        return json(
          200,
          models.find((m) => m.id === id),
        );
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await user.click(within(await screen.findByRole('article', { name: 'Aurora Skincare' })).getByRole('button', { name: 'Make private' }));
    expect(await within(card('Aurora Skincare')).findByText('Private')).toBeTruthy();
    expect(api.calls(setTrainedModelVisibility, { id }).map((r) => r.body)).toEqual([{ isPublic: false }]);
    expect(await screen.findByText('Aurora Skincare is now private.')).toBeTruthy();
  });

  it("shows the server's refusal when the visibility cannot change", async () => {
    server(
      on(setTrainedModelVisibility, () => apiError(403, 'FORBIDDEN', "Only the model's owner or a super admin can change its visibility.")),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await user.click(within(await screen.findByRole('article', { name: 'My Candle Style' })).getByRole('button', { name: 'Make public' }));
    expect(await screen.findByText("Only the model's owner or a super admin can change its visibility.")).toBeTruthy();
    expect(within(card('My Candle Style')).getByText('Private')).toBeTruthy();
  });

  it("opens the image editor with the model from 'Use Model'", async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await user.click(within(await screen.findByRole('article', { name: 'Maya Brand Model' })).getByRole('link', { name: 'Use Model' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/create/image');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      modelId: '22222222-2222-4222-8222-222222222222',
    });
  });

  it('opens an own private model in the editor too, which offers every model the list shows', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    const privateCard = await screen.findByRole('article', { name: 'My Candle Style' });
    await user.click(within(privateCard).getByRole('link', { name: 'Use Model' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/create/image');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      modelId: '33333333-3333-4333-8333-333333333333',
    });
  });

  it('copies a trigger word', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.models);
    await user.click(
      within(await screen.findByRole('article', { name: 'Aurora Skincare' })).getByRole('button', { name: 'Copy trigger word AURSKIN' }),
    );
    expect(await navigator.clipboard.readText()).toBe('AURSKIN');
    expect(await screen.findByText('Copied AURSKIN')).toBeTruthy();
  });
});
