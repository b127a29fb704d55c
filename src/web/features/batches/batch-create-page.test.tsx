import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchMessages, MAX_BATCH_ITEMS } from '#contracts/batches.ts';
import { uploadMessages } from '#contracts/uploads.ts';
import { brandKitChoiceRoutes, SUMMER_KIT_ID } from '../../lib/brand-kits/testing/fixtures.ts';
import { brandKitChoiceTexts } from '../../lib/texts.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeHandler, type FakeRoute } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '../../lib/paths.ts';
import BatchCreatePage from './batch-create-page.tsx';
import { batchFixture, BATCH_ID, pngFile, productModel, textModel, uploadFixture, uploadIdFor } from './testing/fixtures.ts';
import { batchTexts } from '../../lib/texts.ts';
import { batchesTexts } from './texts.ts';
import { adSlotMessages } from '#contracts/ad-formats.ts';
import type { Look } from '#contracts/looks.ts';
import { TEAM_ID } from '../../lib/workspaces/testing/fixtures.ts';
import {
  createBatch,
  createLook,
  createUpload,
  deleteLook,
  enhancePrompt,
  getMe,
  listImageInspirationCategories,
  listImageInspirations,
  listLooks,
  listStandardModels,
} from '#contracts/routes.ts';

const looksTexts = batchesTexts.looks;

const fileNameOf = (body: unknown) => ((body as FormData).get('file') as File).name;

/** Accepts every upload but 'broken.png', whose pixels cannot be decoded; ids follow the upload order. */
const uploads: FakeHandler = (req) => {
  const name = fileNameOf(req.body);
  if (name === 'broken.png') return apiError(400, 'VALIDATION_FAILED', uploadMessages.damaged);
  const n = Number(/(\d+)/.exec(name)?.[1] ?? 0);
  return json(201, uploadFixture(uploadIdFor(n), name));
};

function server(extra: FakeRoute[] = [], credits = 10) {
  return fakeApi(
    on(getMe, () => json(200, meFixture({ credits }))),
    on(listStandardModels, () => json(200, { models: [textModel, productModel] })),
    on(createUpload, uploads),
    on(createBatch, () => json(202, batchFixture())),
    ...extra,
  );
}

function renderPage() {
  return renderRoutes(
    <Routes>
      <Route path={paths.createBatch} element={<BatchCreatePage />} />
      <Route path={paths.batchPattern} element={<LocationProbe />} />
    </Routes>,
    paths.createBatch,
  );
}

const filesInput = () => screen.getByLabelText<HTMLInputElement>('Product photos files');
const startButton = () => screen.getByRole<HTMLButtonElement>('button', { name: batchesTexts.start });
const photoList = () => within(screen.getByRole('list', { name: 'Product photos' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Batch generation: the create page', () => {
  it('offers only the models that take a product photo, with the title and the default name', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('radio', { name: /Klipt AI Editor/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Klipt Ultra/ })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Klipt AI Editor/ }).checked).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: batchTexts.title })).toBeTruthy();
    expect(screen.getByText(batchesTexts.subtitle)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Batch name/ }).value).toBe(batchesTexts.defaultName());
    expect(batchesTexts.defaultName(new Date(2026, 10, 26))).toBe('Batch 26 Nov');
    expect(startButton().disabled).toBe(true);
    expect(screen.getByText(batchMessages.noItems)).toBeTruthy();
  });

  it('uploads each photo on its own, shows a refusal on its tile and starts with the accepted ones only', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });

    await user.upload(filesInput(), [pngFile('photo-1.png'), pngFile('broken.png'), pngFile('photo-3.png')]);
    await waitFor(() => expect(api.calls(createUpload)).toHaveLength(3));
    expect(api.calls(createUpload).map((r) => fileNameOf(r.body))).toEqual(['photo-1.png', 'broken.png', 'photo-3.png']);
    expect(await photoList().findByText(uploadMessages.damaged)).toBeTruthy();
    await waitFor(() => expect(photoList().getAllByText('Uploaded')).toHaveLength(2));
    expect(screen.getByText(`2 of ${MAX_BATCH_ITEMS}`)).toBeTruthy();
    expect(screen.getByText('2 images — 2 credits')).toBeTruthy();

    // The refused photo can be removed; it never counted.
    await user.click(screen.getByRole('button', { name: 'Remove broken.png' }));
    expect(photoList().queryByText(uploadMessages.damaged)).toBeNull();

    expect(startButton().disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Prompt/ }), 'on a marble counter');
    const name = screen.getByRole('textbox', { name: /Batch name/ });
    await user.clear(name);
    expect(startButton().disabled).toBe(true);
    await user.type(name, 'Spring catalogue');
    await waitFor(() => expect(startButton().disabled).toBe(false));

    await user.click(startButton());
    await waitFor(() => expect(api.calls(createBatch)).toHaveLength(1));
    expect(api.calls(createBatch)[0]!.body).toEqual({
      name: 'Spring catalogue',
      modelType: 'standard',
      modelId: productModel.id,
      prompt: 'on a marble counter',
      productUploadIds: [uploadIdFor(1), uploadIdFor(3)],
    });
    expect((await screen.findByTestId('location')).textContent).toBe(paths.batch(BATCH_ID));
  });

  it('uploads at most 3 photos at a time', async () => {
    let holding = true;
    const held: Array<() => void> = [];
    const api = server([
      on(createUpload, (req) => (holding ? new Promise<Response>((resolve) => held.push(() => resolve(uploads(req)))) : uploads(req))),
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    await user.upload(
      filesInput(),
      [1, 2, 3, 4, 5].map((n) => pngFile(`photo-${n}.png`)),
    );

    await waitFor(() => expect(api.calls(createUpload)).toHaveLength(3));
    expect(photoList().getAllByText('Waiting to upload')).toHaveLength(2);
    held.shift()!();
    await waitFor(() => expect(api.calls(createUpload)).toHaveLength(4));
    expect(photoList().getAllByText('Uploaded')).toHaveLength(1);
    expect(photoList().getAllByText('Waiting to upload')).toHaveLength(1);

    holding = false;
    for (const release of held.splice(0)) release();
    await waitFor(() => expect(photoList().getAllByText('Uploaded')).toHaveLength(5));
    expect(api.calls(createUpload)).toHaveLength(5);
  });

  it(`refuses photos past ${MAX_BATCH_ITEMS} and prices the batch at one credit a photo`, async () => {
    const api = server([], 20);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    expect(screen.getByText('Each photo costs 1 credit')).toBeTruthy();
    expect(screen.getByText('You have 20 credits')).toBeTruthy();

    const files = Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => pngFile(`photo-${i + 1}.png`));
    await user.upload(filesInput(), files);
    expect((await screen.findByText(batchMessages.tooManyItems)).getAttribute('role')).toBe('alert');
    expect(screen.getByText(`${MAX_BATCH_ITEMS} of ${MAX_BATCH_ITEMS}`)).toBeTruthy();
    expect(screen.getByText('50 images — 50 credits')).toBeTruthy();
    expect(screen.getByText(batchMessages.notEnoughCredits(50, 50), { exact: false })).toBeTruthy();
    await waitFor(() => expect(api.calls(createUpload)).toHaveLength(MAX_BATCH_ITEMS), { timeout: 10_000 });
    expect(api.calls(createUpload).map((r) => fileNameOf(r.body))).not.toContain('photo-51.png');
  });

  it("shows the server's refusal of the batch and stays on the page", async () => {
    const message = batchMessages.notEnoughCredits(1, 1);
    server([on(createBatch, () => apiError(402, 'INSUFFICIENT_CREDITS', message))], 0);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    await user.upload(filesInput(), [pngFile('photo-1.png')]);
    await user.type(screen.getByRole('textbox', { name: /Prompt/ }), 'on a marble counter');
    await waitFor(() => expect(startButton().disabled).toBe(false));
    await user.click(startButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Batch not started')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('fills the prompt from Get Inspired, as the image editor does', async () => {
    const inspiration = {
      id: 'dddddddd-0000-4000-8000-000000000001',
      prompt: 'Amber glass serum bottle on wet slate, morning light',
      category: 'Beauty',
      subcategory: 'Skincare',
      imageUrl: '/files/inspirations/images/one.png',
      thumbnailUrl: '/files/inspirations/images/one-thumb.webp',
      createdAt: '2026-10-01T00:00:00.000Z',
    };
    server([
      on(listImageInspirationCategories, () => json(200, { categories: [{ category: 'Beauty', subcategories: ['Skincare'] }] })),
      on(listImageInspirations, () => json(200, { inspirations: [inspiration] })),
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    await user.click(screen.getByRole('button', { name: 'Get Inspired' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get Inspired' });
    await user.click(await within(dialog).findByRole('button', { name: 'Use this prompt' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Get Inspired' })).toBeNull());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ }).value).toBe(inspiration.prompt);
  });

  it("sends the chosen brand kit with Enhance and Start ('Use brand kit', the default kit preselected)", async () => {
    const api = server([
      ...brandKitChoiceRoutes(),
      on(enhancePrompt, () => json(200, { prompt: 'on a marble counter, warm mood', helper: 'local', unchanged: false })),
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    const kit = await screen.findByLabelText<HTMLSelectElement>(brandKitChoiceTexts.label);
    await waitFor(() => expect(kit.selectedOptions[0]?.text).toBe('Candle Co. main'));
    await user.selectOptions(kit, 'Summer drop');

    await user.type(screen.getByRole('textbox', { name: /Prompt/ }), 'on a marble counter');
    await user.click(screen.getByRole('button', { name: /Enhance/ }));
    await waitFor(() => expect(api.calls(enhancePrompt)).toHaveLength(1));
    expect(api.calls(enhancePrompt)[0]!.body).toEqual({ prompt: 'on a marble counter', kind: 'image', brandKitId: SUMMER_KIT_ID });

    await user.upload(filesInput(), [pngFile('photo-1.png')]);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    await user.click(startButton());
    await waitFor(() => expect(api.calls(createBatch)).toHaveLength(1));
    expect(api.calls(createBatch)[0]!.body).toMatchObject({ prompt: 'on a marble counter, warm mood', brandKitId: SUMMER_KIT_ID });
  });
});

const LOOK_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const OTHER_LOOK_ID = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
const LOOK_BACKGROUND_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

function lookFixture(overrides: Partial<Look> = {}): Look {
  return {
    id: LOOK_ID,
    workspaceId: TEAM_ID,
    name: 'Beach ads',
    modelType: 'standard',
    modelId: productModel.id,
    prompt: 'on a sunny beach, soft shadows',
    backgroundUploadId: LOOK_BACKGROUND_ID,
    backgroundUrl: '/files/uploads/bg.webp?signature=x',
    brandKitId: SUMMER_KIT_ID,
    adLayout: 'bottom-bar',
    adTexts: { headline: 'Summer sale' },
    adSizes: ['square-feed', 'facebook-ad'],
    exportPresets: ['shopify-product'],
    canDelete: true,
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

describe('Batch generation: saved looks', () => {
  it('fills the model, prompt, background and brand kit in one click, says what ads it makes and starts the batch with the look', async () => {
    const api = server([...brandKitChoiceRoutes(), on(listLooks, () => json(200, { looks: [lookFixture()] }))]);
    const user = userEvent.setup();
    renderPage();
    const select = await screen.findByLabelText<HTMLSelectElement>(looksTexts.label);
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Beach ads' })).toBeTruthy());
    expect(select.selectedOptions[0]?.text).toBe(looksTexts.none);
    await user.selectOptions(select, 'Beach ads');

    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ }).value).toBe('on a sunny beach, soft shadows');
    expect(screen.getByLabelText<HTMLSelectElement>(brandKitChoiceTexts.label).selectedOptions[0]?.text).toBe('Summer drop');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Klipt AI Editor/ }).checked).toBe(true);
    expect(screen.getByText(looksTexts.backgroundFromLook)).toBeTruthy();
    expect(screen.getByText(looksTexts.makesAds('Bottom bar', 'Square feed post, Facebook/Meta ad'))).toBeTruthy();
    expect(screen.getByText(looksTexts.exports('Shopify product'))).toBeTruthy();

    await user.upload(filesInput(), [pngFile('photo-1.png')]);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    await user.click(startButton());
    await waitFor(() => expect(api.calls(createBatch)).toHaveLength(1));
    expect(api.calls(createBatch)[0]!.body).toMatchObject({
      lookId: LOOK_ID,
      modelId: productModel.id,
      prompt: 'on a sunny beach, soft shadows',
      backgroundUploadId: LOOK_BACKGROUND_ID,
      brandKitId: SUMMER_KIT_ID,
    });
  });

  it('saves the form as a look with the ads for every item: layout, texts, sizes (refusing channels disabled with their reason) and presets', async () => {
    const api = server([
      ...brandKitChoiceRoutes(),
      on(listLooks, () => json(200, { looks: [] })),
      on(createLook, (req) => json(201, lookFixture({ ...(req.body as Partial<Look>), id: LOOK_ID }))),
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText(looksTexts.label);
    const save = screen.getByRole<HTMLButtonElement>('button', { name: looksTexts.save });
    expect(save.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Prompt/ }), 'on linen');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);

    const dialog = within(await screen.findByRole('dialog', { name: looksTexts.saveTitle }));
    await user.type(dialog.getByRole('textbox', { name: looksTexts.name }), 'Linen');
    await user.click(dialog.getByRole('radio', { name: 'Bottom bar' }));
    await user.type(dialog.getByRole('textbox', { name: 'Headline' }), 'New in');
    const sizes = within(dialog.getByRole('group', { name: 'Sizes' }));
    const presets = within(dialog.getByRole('group', { name: looksTexts.exportsHeading }));
    const amazon = sizes.getByRole<HTMLInputElement>('checkbox', { name: /Amazon main image/ });
    expect(amazon.disabled).toBe(true);
    expect(amazon.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.getByText(adSlotMessages.amazonMain)).toBeTruthy();
    expect(sizes.getByRole<HTMLInputElement>('checkbox', { name: /Google Shopping/ }).disabled).toBe(true);
    await user.click(sizes.getByRole('checkbox', { name: /Square feed post/ }));
    await user.click(sizes.getByRole('checkbox', { name: /Instagram\/TikTok story/ }));
    await user.click(presets.getByRole('checkbox', { name: 'Shopify product' }));
    await user.click(dialog.getByRole('button', { name: looksTexts.saveConfirm }));

    await waitFor(() => expect(api.calls(createLook)).toHaveLength(1));
    expect(api.calls(createLook)[0]!.body).toEqual({
      name: 'Linen',
      modelType: 'standard',
      modelId: productModel.id,
      prompt: 'on linen',
      backgroundUploadId: null,
      brandKitId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      adLayout: 'bottom-bar',
      adTexts: { headline: 'New in' },
      adSizes: ['square-feed', 'story'],
      exportPresets: ['shopify-product'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets owners and admins delete the chosen look after confirming; members see no delete button', async () => {
    const api = server([
      ...brandKitChoiceRoutes(),
      on(listLooks, () => json(200, { looks: [lookFixture(), lookFixture({ id: OTHER_LOOK_ID, name: 'Member view', canDelete: false })] })),
      on(deleteLook, () => new Response(null, { status: 204 })),
    ]);
    const user = userEvent.setup();
    renderPage();
    const select = await screen.findByLabelText<HTMLSelectElement>(looksTexts.label);
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Member view' })).toBeTruthy());
    await user.selectOptions(select, 'Member view');
    expect(screen.queryByRole('button', { name: looksTexts.delete('Member view') })).toBeNull();

    await user.selectOptions(select, 'Beach ads');
    await user.click(screen.getByRole('button', { name: looksTexts.delete('Beach ads') }));
    const dialog = within(await screen.findByRole('dialog', { name: looksTexts.deleteTitle('Beach ads') }));
    await user.click(dialog.getByRole('button', { name: looksTexts.deleteConfirm }));
    await waitFor(() => expect(api.calls(deleteLook)).toHaveLength(1));
    expect(api.calls(deleteLook)[0]!.params).toMatchObject({ workspaceId: TEAM_ID, lookId: LOOK_ID });
    await waitFor(() => expect(select.selectedOptions[0]?.text).toBe(looksTexts.none));
  });

  it('offers no looks without the brand kits plan', async () => {
    server([...brandKitChoiceRoutes({ plan: null })]);
    renderPage();
    await screen.findByRole('radio', { name: /Klipt AI Editor/ });
    expect(screen.queryByLabelText(looksTexts.label)).toBeNull();
    expect(screen.queryByRole('button', { name: looksTexts.save })).toBeNull();
  });
});
