import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, on } from '#test-support/web/fake-api.ts';
import { productFixture, statusFixture, storeServer, uploadId } from '#web/components/stores/testing/fixtures.ts';
import { FakeEventSource } from '#web/lib/generation/testing/fake-event-source.ts';
import { listFixture, teamFixture, TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import { editorServer, renderEditor, variationsRoute } from './testing/editor-server.tsx';
import { createImageVariations, getStoreStatus, listPublications, listStoreProducts, listWorkspaces } from '#contracts/routes.ts';

beforeEach(() => FakeEventSource.reset());
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The editor's server plus a team on `plan` whose store answers like `storeServer`'s. */
function server(options: Parameters<typeof storeServer>[0] = {}) {
  const store = storeServer(options);
  const team = teamFixture({ plan: options.plan === undefined ? 'growth' : options.plan });
  const routes = store.routes.filter((r) => r.contract !== listWorkspaces);
  return editorServer([
    ...routes,
    on(listWorkspaces, () => json(200, listFixture(TEAM_ID, team))),
    on(createImageVariations, variationsRoute()),
  ]);
}

describe("Create image: 'From your store'", () => {
  it('sets the product image from the picked product’s first photo and generates with its upload', async () => {
    const api = server({ products: () => [productFixture(1, { title: 'Amber Candle' }), productFixture(2, { title: 'Birch Candle' })] });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('radio', { name: /Klipt AI Editor/ }));
    await user.click(await screen.findByRole('button', { name: 'From your store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick a product photo' });
    await user.click(await within(dialog).findByRole('button', { name: /Birch Candle/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Use product photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByText('Birch Candle')).not.toBeNull();
    expect(screen.getByRole('img', { name: /Product Image/ }).getAttribute('src')).toBe('/media/thumb-2.jpg');
    await user.type(screen.getByRole('textbox', { name: /Prompt/ }), 'on a marble counter');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).toMatchObject({ productUploadId: uploadId(2) });
    expect(api.calls(listStoreProducts).length).toBeGreaterThan(0);
    expect(api.calls(listPublications)).toHaveLength(0);
  });

  it('is not offered without the plan, and nothing is asked of the store', async () => {
    const api = server({ plan: 'starter' });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('radio', { name: /Klipt AI Editor/ }));
    await screen.findByText('Product Image');
    expect(screen.queryByRole('button', { name: 'From your store' })).toBeNull();
    expect(api.calls(getStoreStatus)).toHaveLength(0);
  });

  it('is not offered when no store is connected', async () => {
    const api = server({ status: () => statusFixture({ connection: null }) });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('radio', { name: /Klipt AI Editor/ }));
    await waitFor(() => expect(api.calls(getStoreStatus)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'From your store' })).toBeNull();
  });
});
