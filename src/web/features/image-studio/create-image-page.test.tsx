import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, on } from '#test-support/web/fake-api.ts';
import { FakeEventSource } from '../../lib/generation/testing/fake-event-source.ts';
import { editorServer, renderEditor, variationsRoute } from './testing/editor-server.tsx';
import {
  jobFixture,
  jobId,
  ownPrivateModel,
  pngFile,
  standardModels,
  succeededJob,
  trainedModels,
  uploadFixture,
} from './testing/fixtures.ts';
import { createImageVariations, createUpload, enhancePrompt, getSession, listTrainedModels, rewritePrompt } from '#contracts/routes.ts';

const promptBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ });
const generateButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Generate 1 — 1 credit|Generating\.\.\.)$/ });
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name: new RegExp(name) });

async function loaded() {
  await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
}

beforeEach(() => FakeEventSource.reset());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create image: the editor', () => {
  it('has the page title, a way back and selects the first standard model once models load', async () => {
    editorServer();
    renderEditor();
    expect(generateButton().disabled).toBe(true);
    await loaded();
    expect(document.title).toBe('Create image — Klipt');
    expect(screen.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(radio('Klipt Ultra 1.1').checked).toBe(true);
    expect(radio('Klipt AI Editor').checked).toBe(false);
    expect(screen.getByRole('tab', { name: 'Standard Models' }).getAttribute('aria-selected')).toBe('true');
    // 1:1 is the default aspect ratio, with the size it gives.
    expect(screen.getByRole('radio', { name: '1:1 (1024 × 1024)' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: '16:9 (1024 × 576)' })).toBeTruthy();
    expect(screen.getByText('Your image will appear here')).toBeTruthy();
  });

  it('switching to Trained Models selects the first trained model and asks for its trigger word', async () => {
    editorServer();
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(radio('Klipt AI Editor'));
    await user.click(screen.getByRole('tab', { name: 'Trained Models' }));
    expect(radio('Aurora Skincare').checked).toBe(true);
    expect(screen.getByText('AURSKIN')).toBeTruthy();
    expect(promptBox().placeholder).toBe('Describe your image — use the trigger word AURSKIN');
    await user.click(radio('Nova Studio Look'));
    expect(promptBox().placeholder).toBe('Describe your image — use the trigger word NOVASTYLE');
    // And back: the first standard model again, not the editor picked before.
    await user.click(screen.getByRole('tab', { name: 'Standard Models' }));
    expect(radio('Klipt Ultra 1.1').checked).toBe(true);
  });

  it('opens the model info modal for a standard model', async () => {
    editorServer();
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'About Klipt Ultra 1.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Klipt Ultra 1.1' });
    for (const point of ['4-megapixel output', 'Raw mode', 'Ultra mode', 'Prompt accuracy', 'Speed']) {
      expect(within(dialog).getByText(`${point}.`)).toBeTruthy();
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'About Klipt AI Editor' }));
    const editorInfo = await screen.findByRole('dialog', { name: 'Klipt AI Editor' });
    expect(within(editorInfo).getByText('Two-pass process.')).toBeTruthy();
    await user.click(within(editorInfo).getByRole('button', { name: 'Use Klipt AI Editor' }));
    expect(radio('Klipt AI Editor').checked).toBe(true);
  });

  it('the AI editor swaps the aspect ratios for two uploads; Generate waits for the product image, and sends the upload ids', async () => {
    const api = editorServer([
      on(createUpload, (req) => {
        const file = (req.body as FormData).get('file') as File;
        return json(201, uploadFixture({ id: file.name === 'bottle.png' ? 'up-product' : 'up-background', originalName: file.name }));
      }),
      on(createImageVariations, () => apiError(402, 'INSUFFICIENT_CREDITS', 'stop here')),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(radio('Klipt AI Editor'));
    expect(screen.queryByRole('radio', { name: /1:1/ })).toBeNull();
    expect(screen.getByText('Product Image')).toBeTruthy();
    expect(screen.getByText('Background Reference Image')).toBeTruthy();
    expect(screen.getAllByText('Drag & drop or click to upload')).toHaveLength(2);
    expect(screen.getAllByText('PNG, JPG or GIF up to 2048 x 2048 px')).toHaveLength(2);

    await user.type(promptBox(), 'on a marble counter');
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText('Upload a product image to generate')).toBeTruthy();

    await user.upload(screen.getByLabelText('Product Image file'), pngFile('bottle.png'));
    expect(await screen.findByText('bottle.png')).toBeTruthy();
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    expect(screen.getByText('Uploaded · 800 × 600 px')).toBeTruthy();
    await user.upload(screen.getByLabelText('Background Reference Image file'), pngFile('studio.png'));
    await waitFor(() => expect(api.calls(createUpload)).toHaveLength(2));
    await waitFor(() => expect(generateButton().disabled).toBe(false));

    await user.click(generateButton());
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).toEqual({
      modelType: 'standard',
      modelId: standardModels[1]!.id,
      prompt: 'on a marble counter',
      productUploadId: 'up-product',
      backgroundUploadId: 'up-background',
      count: 1,
    });

    // Removing the product disables Generate again.
    await user.click(screen.getByRole('button', { name: 'Remove Product Image' }));
    expect(generateButton().disabled).toBe(true);
  });

  // docs/product-rules.md#generation: a control that is not shown does not change the request.
  it('16:9, then the AI Editor (which hides the aspect ratio): the request carries no aspect ratio', async () => {
    const api = editorServer([
      on(createUpload, (req) => json(201, uploadFixture({ id: ((req.body as FormData).get('file') as File).name }))),
      on(createImageVariations, variationsRoute()),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(screen.getByRole('radio', { name: /^16:9/ }));
    await user.click(radio('Klipt AI Editor'));
    await user.upload(screen.getByLabelText('Product Image file'), pngFile('bottle.png'));
    await user.type(promptBox(), 'on a marble counter beside fresh lemons');
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await user.click(generateButton());
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).toEqual({
      modelType: 'standard',
      modelId: standardModels[1]!.id,
      prompt: 'on a marble counter beside fresh lemons',
      productUploadId: 'bottle.png',
      count: 1,
    });
  });

  it('an outfit, then back to Klipt Ultra 1.1 at 16:9: the hidden outfit is not sent; KliptFit sends no aspect ratio', async () => {
    const api = editorServer([
      on(createUpload, (req) => json(201, uploadFixture({ id: ((req.body as FormData).get('file') as File).name }))),
      on(createImageVariations, variationsRoute()),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(screen.getByRole('radio', { name: /^16:9/ }));
    await user.click(radio('KliptFit'));
    await user.upload(screen.getByLabelText('Outfit Image file'), pngFile('dress.png'));
    await user.type(promptBox(), 'a woman in a garden');
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await user.click(generateButton());
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).not.toHaveProperty('aspectRatio');
    expect(api.calls(createImageVariations)[0]!.body).toMatchObject({ outfitUploadId: 'dress.png' });

    await waitFor(() => expect(FakeEventSource.open()).toBeTruthy());
    act(() => FakeEventSource.open()!.sendJob(succeededJob(jobId(1), 'a woman in a garden', 1, { modelId: standardModels[2]!.id })));
    await user.click(radio('Klipt Ultra 1.1'));
    expect(screen.getByRole('radio', { name: /^16:9/ }).getAttribute('aria-checked')).toBe('true');
    await user.click(generateButton());
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(2));
    expect(api.calls(createImageVariations)[1]!.body).toEqual({
      modelType: 'standard',
      modelId: standardModels[0]!.id,
      prompt: 'a woman in a garden',
      aspectRatio: '16:9',
      count: 1,
    });
  });

  it("shows react-dropzone's rejection and the server's refusal of an upload", async () => {
    const api = editorServer([
      on(createUpload, () => apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file is not a PNG, JPG or GIF image.')),
    ]);
    const user = userEvent.setup({ applyAccept: false });
    renderEditor();
    await loaded();
    await user.click(radio('Klipt AI Editor'));
    await user.upload(screen.getByLabelText('Product Image file'), pngFile('notes.txt', 10, 'text/plain'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^File type must be one of image\/png/);
    expect(api.calls(createUpload)).toHaveLength(0);

    await user.upload(screen.getByLabelText('Product Image file'), pngFile('fake.png'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This file is not a PNG, JPG or GIF image.'));
    expect(generateButton().disabled).toBe(true);
  });

  it("refuses a file over 10 MB with 'File is larger than 10485760 bytes'", async () => {
    const api = editorServer();
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(radio('KliptFit'));
    await user.upload(screen.getByLabelText('Outfit Image file'), pngFile('huge.png', 10_485_761));
    expect((await screen.findByRole('alert')).textContent).toBe('File is larger than 10485760 bytes');
    expect(api.calls(createUpload)).toHaveLength(0);
  });

  it("KliptFit without an outfit says 'Outfit image is required' and sends nothing", async () => {
    const api = editorServer();
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(radio('KliptFit'));
    await user.type(promptBox(), 'a woman in a garden');
    await user.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Outfit image is required');
    expect(api.calls(createImageVariations)).toHaveLength(0);
  });

  it('shows Rewrite only with a prompt; rewrites through the dialog and shows its errors there', async () => {
    let fail = true;
    const api = editorServer([
      on(rewritePrompt, () =>
        fail
          ? apiError(502, 'PROVIDER_FAILED', 'Failed to rewrite prompt: the helper is busy')
          : json(200, { prompt: 'a red sneaker on a snowy beach', helper: 'local' }),
      ),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    expect(screen.queryByRole('button', { name: 'Rewrite' })).toBeNull();
    await user.type(promptBox(), 'a red sneaker on a beach');
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rewrite prompt' });
    const goal = within(dialog).getByLabelText('What would you like to change?');
    await user.click(within(dialog).getByRole('button', { name: 'Rewrite' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a goal for rewriting');
    await user.type(goal, 'make it winter');
    await user.click(within(dialog).getByRole('button', { name: 'Rewrite' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to rewrite prompt: the helper is busy');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Rewrite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(promptBox().value).toBe('a red sneaker on a snowy beach');
    expect(api.calls(rewritePrompt).at(-1)?.body).toEqual({
      prompt: 'a red sneaker on a beach',
      goal: 'make it winter',
      kind: 'image',
    });
    await user.clear(promptBox());
    expect(screen.queryByRole('button', { name: 'Rewrite' })).toBeNull();
  });

  it("Enhance replaces the prompt and notes 'Enhanced with AI assistance'; busy meanwhile; errors below the prompt", async () => {
    let answer!: (res: Response) => void;
    const api = editorServer([
      on(
        enhancePrompt,
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.type(promptBox(), 'candle');
    await user.click(screen.getByRole('button', { name: 'Enhance' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Enhancing...' });
    expect(busy.disabled).toBe(true);
    expect(api.calls(enhancePrompt)[0]!.body).toEqual({ prompt: 'candle', kind: 'image' });
    answer(json(200, { prompt: 'A soy candle in an amber jar on oak, warm window light', helper: 'local', unchanged: false }));
    expect(await screen.findByText('Enhanced with AI assistance')).toBeTruthy();
    expect(promptBox().value).toBe('A soy candle in an amber jar on oak, warm window light');
    await user.type(promptBox(), '!');
    expect(screen.queryByText('Enhanced with AI assistance')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enhance' }));
    answer(apiError(502, 'PROVIDER_FAILED', 'Failed to enhance prompt: timeout'));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to enhance prompt: timeout');
  });

  it('Enhance that gives the prompt back unchanged says so, not "Enhanced with AI assistance"', async () => {
    editorServer([
      on(enhancePrompt, (req) =>
        json(200, { prompt: (req.body as { prompt: string }).prompt, helper: 'openai-compatible', unchanged: true }),
      ),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.type(promptBox(), 'A soy candle in an amber jar on oak, warm window light');
    await user.click(screen.getByRole('button', { name: 'Enhance' }));
    expect((await screen.findByRole('status')).textContent).toBe('Already clear: the AI assistant left it unchanged.');
    expect(screen.queryByText('Enhanced with AI assistance')).toBeNull();
    expect(promptBox().value).toBe('A soy candle in an amber jar on oak, warm window light');
    await user.type(promptBox(), '!');
    expect(screen.queryByText('Already clear: the AI assistant left it unchanged.')).toBeNull();
  });

  it("shows the server's 402 in a red banner with the exact message and refreshes the credits", async () => {
    // The session said 10 credits, but they were spent elsewhere meanwhile: the server decides.
    const api = editorServer([
      on(createImageVariations, () =>
        apiError(402, 'INSUFFICIENT_CREDITS', 'Not enough credits. You need 1 credits to generate an image.'),
      ),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.type(promptBox(), 'a candle');
    await user.click(generateButton());
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Not enough credits. You need 1 credits to generate an image.')).toBeTruthy();
    await waitFor(() => expect(api.calls(getSession).length).toBeGreaterThanOrEqual(2));
    expect(generateButton().textContent).toBe('Generate 1 — 1 credit');
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("opened with a savedKlip: 'Editing saved klip', its prompt, image, model and aspect ratio", async () => {
    editorServer();
    renderEditor({
      savedKlip: {
        prompt: 'linen summer dress',
        imageUrl: '/files/klips/u1/saved.png',
        modelName: 'Nova Studio Look',
        modelAttributes: [{ name: 'aspect_ratio', value: '16:9' }],
      },
    });
    expect(screen.getByText('Editing saved klip')).toBeTruthy();
    expect(promptBox().value).toBe('linen summer dress');
    expect(screen.getByRole<HTMLImageElement>('img', { name: /Generated image/ }).getAttribute('src')).toBe('/files/klips/u1/saved.png');
    await waitFor(() => expect(radio('Nova Studio Look').checked).toBe(true));
    expect(screen.getByRole('tab', { name: 'Trained Models' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('1 / 1')).toBeTruthy();
    // Without the klip's id the server cannot convert it: the original is downloaded under its own type.
    const download = screen.getByRole('link', { name: 'Download' });
    expect([download.getAttribute('href'), download.getAttribute('download')]).toEqual([
      '/files/klips/u1/saved.png',
      'generated-image.png',
    ]);
  });

  it('a savedKlip with its id downloads the jpg through the server', async () => {
    editorServer();
    renderEditor({ savedKlip: { id: 'k-1', prompt: 'p', imageUrl: '/files/a.png', modelName: 'KliptFit', modelAttributes: [] } });
    const download = screen.getByRole('link', { name: 'Download JPG' });
    expect([download.getAttribute('href'), download.getAttribute('download')]).toEqual([
      '/api/klips/k-1/download?format=jpg&name=generated-image',
      'generated-image.jpg',
    ]);
    await waitFor(() => expect(radio('KliptFit').checked).toBe(true));
    expect(screen.getByText('Outfit Image')).toBeTruthy();
  });

  it('a saved klip of a standard model selects it and its aspect ratio', async () => {
    editorServer();
    renderEditor({
      savedKlip: { prompt: 'p', imageUrl: '/a.png', modelName: 'Klipt Ultra 1.1', modelAttributes: { aspect_ratio: '3:2' } },
    });
    await waitFor(() => expect(radio('Klipt Ultra 1.1').checked).toBe(true));
    expect(screen.getByRole('radio', { name: '3:2 (1024 × 683)' }).getAttribute('aria-checked')).toBe('true');
  });

  it('opened with a modelId: Trained Models with that model selected', async () => {
    editorServer();
    renderEditor({ modelId: trainedModels[1]!.id });
    await waitFor(() => expect(radio('Nova Studio Look').checked).toBe(true));
    expect(screen.getByRole('tab', { name: 'Trained Models' }).getAttribute('aria-selected')).toBe('true');
  });

  it("'Use Model' on model B after generating with model A: B is selected, A's result stays in the preview", async () => {
    const [modelA, modelB] = [trainedModels[0]!, trainedModels[1]!];
    const fromA = { modelType: 'trained' as const, modelId: modelA.id, modelName: modelA.name, aspectRatio: '16:9' };
    const api = editorServer([on(createImageVariations, variationsRoute())], { latest: succeededJob(jobId(9), 'AURSKIN jar', 9, fromA) });
    const user = userEvent.setup();
    renderEditor({ modelId: modelB.id });
    await waitFor(() =>
      expect(screen.getByRole<HTMLImageElement>('img', { name: /Generated image/ }).getAttribute('src')).toBe('/files/klips/u1/9.png'),
    );
    expect(radio('Nova Studio Look').checked).toBe(true);
    expect(radio('Aurora Skincare').checked).toBe(false);
    expect(promptBox().value).toBe('');
    await user.type(promptBox(), 'NOVASTYLE portrait');
    await user.click(generateButton());
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).toMatchObject({ modelType: 'trained', modelId: modelB.id, aspectRatio: '1:1' });
  });

  it("'Use Model' while a generation with another model still runs: the run is followed, the clicked model stays selected", async () => {
    const [modelA, modelB] = [trainedModels[0]!, trainedModels[1]!];
    editorServer([], {
      latest: jobFixture({
        id: jobId(9),
        status: 'running',
        progress: 30,
        modelType: 'trained',
        modelId: modelA.id,
        prompt: 'AURSKIN jar',
      }),
    });
    renderEditor({ modelId: modelB.id });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Generation progress' }).getAttribute('aria-valuenow')).toBe('30'));
    expect(radio('Nova Studio Look').checked).toBe(true);
    expect(promptBox().value).toBe('');
  });

  it('opened with a savedKlip while a generation still runs: the saved klip keeps its prompt and model', async () => {
    editorServer([], {
      latest: jobFixture({ id: jobId(9), status: 'running', progress: 30, prompt: 'something else', aspectRatio: '4:3' }),
    });
    renderEditor({ savedKlip: { prompt: 'linen summer dress', imageUrl: '/files/klips/u1/saved.png', modelName: 'Nova Studio Look' } });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Generation progress' }).getAttribute('aria-valuenow')).toBe('30'));
    expect(promptBox().value).toBe('linen summer dress');
    expect(radio('Nova Studio Look').checked).toBe(true);
  });
});

/** Answers like the server for the model's owner: public models, plus their own unless asked for public ones only. */
const ownerServer = () =>
  editorServer([
    on(listTrainedModels, (req) =>
      json(200, { models: req.url.searchParams.get('publicOnly') === 'true' ? trainedModels : [...trainedModels, ownPrivateModel] }),
    ),
  ]);

describe('Create image: trained models the user may use (docs/product-rules.md#screens-and-access)', () => {
  it('offers public models and the user’s own private ones, marked private', async () => {
    const api = ownerServer();
    const user = userEvent.setup();
    renderEditor();
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Trained Models' }));
    const offered = screen.getAllByRole('radio').filter((r) => r.getAttribute('name') === 'trained-model');
    expect(offered.map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^Aurora Skincare/),
      expect.stringMatching(/^Nova Studio Look/),
      expect.stringMatching(/^My Candle Line/),
    ]);
    await user.click(radio('My Candle Line'));
    expect(radio('My Candle Line').closest('label')?.textContent).toContain('Private');
    expect(radio('Aurora Skincare').closest('label')?.textContent).not.toContain('Private');
    expect(promptBox().placeholder).toBe('Describe your image — use the trigger word MYCANDLE');
    expect(api.calls(listTrainedModels).every((r) => !r.url.searchParams.has('publicOnly'))).toBe(true);
  });

  it('opened by the link of an own private model: that model is selected and generates', async () => {
    const api = ownerServer();
    const user = userEvent.setup();
    renderEditor({ modelId: ownPrivateModel.id });
    await waitFor(() => expect(radio('My Candle Line').checked).toBe(true));
    expect(screen.getByRole('tab', { name: 'Trained Models' }).getAttribute('aria-selected')).toBe('true');
    await user.type(promptBox(), 'MYCANDLE on a shelf');
    await user.click(generateButton());
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).toMatchObject({ modelType: 'trained', modelId: ownPrivateModel.id });
  });
});
