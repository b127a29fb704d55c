import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, on, type FakeRequest, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { adminModelMessages } from '#contracts/admin-models.ts';
import type { StandardModel, TrainedModel } from '#contracts/models.ts';
import { Toaster } from '#web/components/ui/toast.tsx';
import { contractKey } from '#web/lib/contract-query.ts';
import ModelsTab from './models-tab.tsx';
import { adminTexts } from '../texts.ts';
import {
  listAllStandardModels,
  listStandardModels,
  listTrainedModels,
  setStandardModelActive,
  setTrainedModelVisibility,
} from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route
      path="/super-admin"
      element={
        <>
          <ModelsTab />
          <Toaster />
        </>
      }
    />
  </Routes>
);
const url = '/super-admin?tab=models';

const ULTRA = '11111111-1111-4111-8111-111111111111';
const TRYON = '22222222-2222-4222-8222-222222222222';
const CANDLE = '33333333-3333-4333-8333-333333333333';

let standard: StandardModel[];
let trained: TrainedModel[];

beforeEach(() => {
  standard = [
    {
      id: ULTRA,
      name: 'flux-pro-1.1-ultra',
      displayName: 'Klipt Ultra 1.1',
      slug: 'ultra',
      category: 'general',
      mode: 'text',
      description: 'Sharp, photographic images from a prompt.',
      isActive: true,
    },
    {
      id: TRYON,
      name: 'kling-tryon',
      displayName: 'Virtual Try-On',
      slug: 'try-on',
      category: 'fashion',
      mode: 'tryon',
      description: 'Dresses a model in your product.',
      isActive: false,
    },
  ];
  trained = [
    {
      id: CANDLE,
      name: 'Wick & Wax candles',
      type: 'product',
      baseModel: 'flux-pro-1.1-ultra-finetuned',
      testPrompt: null,
      triggerWord: 'WCKWX',
      isPublic: false,
      createdAt: '2026-11-04T12:00:00.000Z',
      canEdit: true,
      attributes: [],
    },
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setActive(req: FakeRequest): Response {
  const model = standard.find((m) => m.id === req.params.id)!;
  model.isActive = (req.body as { isActive: boolean }).isActive;
  return json(200, model);
}

function setVisibility(req: FakeRequest): Response {
  const model = trained.find((m) => m.id === req.params.id)!;
  model.isPublic = (req.body as { isPublic: boolean }).isPublic;
  return json(200, model);
}

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(listAllStandardModels, () => json(200, { models: standard })),
    on(listTrainedModels, () => json(200, { models: trained })),
    on(setStandardModelActive, setActive),
    on(setTrainedModelVisibility, setVisibility),
    ...extra,
  );
}

const standardRow = (name: string) => screen.getAllByTestId('standard-model').find((r) => r.textContent.includes(name))!;
const activeSwitch = (name: string) => screen.getByRole('switch', { name: `Active ${name}` });
const publicSwitch = (name: string) => screen.getByRole('switch', { name: `Public ${name}` });
const isOn = (el: HTMLElement) => el.getAttribute('aria-checked') === 'true';

describe('God Mode → Models', () => {
  it('lists every standard model with its category, description and Active switch, and every trained model with its Public switch', async () => {
    const api = server();
    renderRoutes(routes, url);
    await screen.findByText('Klipt Ultra 1.1');

    const ultra = within(standardRow('Klipt Ultra 1.1'));
    expect(ultra.getByText('flux-pro-1.1-ultra')).toBeTruthy();
    expect(ultra.getByText('General')).toBeTruthy();
    expect(ultra.getByText('Sharp, photographic images from a prompt.')).toBeTruthy();
    expect(isOn(activeSwitch('Klipt Ultra 1.1'))).toBe(true);
    expect(within(standardRow('Virtual Try-On')).getByText('Fashion')).toBeTruthy();
    expect(within(standardRow('Virtual Try-On')).getByText('Inactive')).toBeTruthy();
    expect(isOn(activeSwitch('Virtual Try-On'))).toBe(false);

    const candle = within(await screen.findByTestId('trained-model'));
    expect(candle.getByText('Wick & Wax candles')).toBeTruthy();
    expect(candle.getByText('Product')).toBeTruthy();
    expect(candle.getByText('flux-pro-1.1-ultra-finetuned')).toBeTruthy();
    expect(isOn(publicSwitch('Wick & Wax candles'))).toBe(false);
    // A super admin's list of every trained model: no filters.
    expect(api.calls(listTrainedModels)[0]!.url.search).toBe('');
  });

  it('asks before deactivating a model, sends isActive false, and reloads the editor’s model list', async () => {
    const api = server();
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, url);
    // The editor's list, as the image editor left it in the cache.
    queryClient.setQueryData(contractKey(listStandardModels), { models: standard.filter((m) => m.isActive) });
    await screen.findByText('Klipt Ultra 1.1');

    await user.click(activeSwitch('Klipt Ultra 1.1'));
    let dialog = await screen.findByRole('dialog', { name: adminTexts.modelsTab.deactivateConfirmTitle });
    expect(dialog.textContent).toContain(adminTexts.modelsTab.deactivateConfirmBody);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(setStandardModelActive)).toHaveLength(0);
    expect(isOn(activeSwitch('Klipt Ultra 1.1'))).toBe(true);

    await user.click(activeSwitch('Klipt Ultra 1.1'));
    dialog = await screen.findByRole('dialog', { name: adminTexts.modelsTab.deactivateConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Klipt Ultra 1.1 is now inactive')).toBeTruthy();
    expect(api.calls(setStandardModelActive, { id: ULTRA }).map((r) => r.body)).toEqual([{ isActive: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(isOn(activeSwitch('Klipt Ultra 1.1'))).toBe(false);
    expect(queryClient.getQueryState(contractKey(listStandardModels))?.isInvalidated).toBe(true);
  });

  it('turns an inactive model on without asking', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await screen.findByText('Virtual Try-On');

    await user.click(activeSwitch('Virtual Try-On'));
    expect(await screen.findByText('Virtual Try-On is active again')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(setStandardModelActive, { id: TRYON }).map((r) => r.body)).toEqual([{ isActive: true }]);
    await waitFor(() => expect(isOn(activeSwitch('Virtual Try-On'))).toBe(true));
  });

  it("keeps the confirmation open with the server's refusal when deactivating fails", async () => {
    server(on(setStandardModelActive, () => apiError(404, 'NOT_FOUND', adminModelMessages.notFound)));
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await screen.findByText('Klipt Ultra 1.1');
    await user.click(activeSwitch('Klipt Ultra 1.1'));
    const dialog = await screen.findByRole('dialog', { name: adminTexts.modelsTab.deactivateConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminModelMessages.notFound);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(isOn(activeSwitch('Klipt Ultra 1.1'))).toBe(true);
  });

  it('makes a trained model public and reloads the trained-model lists', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, url);
    await screen.findByText('Wick & Wax candles');
    const loads = api.calls(listTrainedModels).length;

    await user.click(publicSwitch('Wick & Wax candles'));
    expect(await screen.findByText('Wick & Wax candles is now public')).toBeTruthy();
    expect(api.calls(setTrainedModelVisibility, { id: CANDLE }).map((r) => r.body)).toEqual([{ isPublic: true }]);
    expect(isOn(publicSwitch('Wick & Wax candles'))).toBe(true);
    await waitFor(() => expect(api.calls(listTrainedModels).length).toBeGreaterThan(loads));

    await user.click(publicSwitch('Wick & Wax candles'));
    expect(await screen.findByText('Wick & Wax candles is now private')).toBeTruthy();
    expect(api.calls(setTrainedModelVisibility, { id: CANDLE }).at(-1)!.body).toEqual({ isPublic: false });
  });

  it('shows empty lists and failed loads with a way to try again', async () => {
    let fail = true;
    trained = [];
    server(on(listAllStandardModels, () => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, { models: standard }))));
    const user = userEvent.setup();
    renderRoutes(routes, url);
    expect(await screen.findByText('Nobody has trained a model yet.')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('The standard models could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Klipt Ultra 1.1')).toBeTruthy();
  });
});
