import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, on } from '#test-support/web/fake-api.ts';
import { FakeEventSource } from '../../lib/generation/testing/fake-event-source.ts';
import { editorServer, renderEditor, variationsRoute } from './testing/editor-server.tsx';
import { jobFixture, standardModels, succeededJob as succeeded } from './testing/fixtures.ts';
import { createImageVariations, getGeneration, getLatestGeneration, getSession } from '#contracts/routes.ts';

const promptBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ });
const generateButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Generate 1 — 1 credit|Generating\.\.\.)$/ });
const progressBar = () => screen.getByRole('progressbar', { name: 'Generation progress' });
const previewImage = () => screen.getByRole<HTMLImageElement>('img', { name: /^Generated image/ });

const JOB_1 = 'bbbbbbbb-0000-4000-8000-000000000001';
const JOB_2 = 'bbbbbbbb-0000-4000-8000-000000000002';

async function generate(user: ReturnType<typeof userEvent.setup>, prompt: string) {
  await user.clear(promptBox());
  await user.type(promptBox(), prompt);
  await user.click(generateButton());
  await waitFor(() => expect(FakeEventSource.open()).toBeTruthy());
  return FakeEventSource.open()!;
}

beforeEach(() => FakeEventSource.reset());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create image: generating', () => {
  it('follows the job over Server-Sent Events to the preview, then refreshes the credits', async () => {
    const api = editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    await user.click(screen.getByRole('radio', { name: /^16:9/ }));
    const stream = await generate(user, 'red sneaker on a beach');

    expect(stream.url).toBe(`/api/generations/${JOB_1}/events`);
    expect(api.calls(createImageVariations)[0]!.body).toEqual({
      modelType: 'standard',
      modelId: standardModels[0]!.id,
      prompt: 'red sneaker on a beach',
      aspectRatio: '16:9',
      count: 1,
    });
    expect(generateButton().textContent).toBe('Generating...');
    expect(generateButton().disabled).toBe(true);

    act(() => stream.sendJob(jobFixture({ id: JOB_1, status: 'running', progress: 40, step: 1, stepLabel: 'Generating' })));
    expect(progressBar().getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Generating… 40%')).toBeTruthy();

    const meCallsBefore = api.calls(getSession).length;
    act(() => stream.sendJob(succeeded(JOB_1, 'red sneaker on a beach', 1, { aspectRatio: '16:9' })));
    expect(previewImage().getAttribute('src')).toBe('/files/klips/u1/1.png');
    expect(stream.closed).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: /^Local preview/ })).toBeTruthy();
    expect(screen.getByText('1 / 1')).toBeTruthy();
    expect(generateButton().textContent).toBe('Generate 1 — 1 credit');
    await waitFor(() => expect(api.calls(getSession).length).toBeGreaterThan(meCallsBefore));
    expect(screen.getByRole('link', { name: /Download JPG/ }).getAttribute('href')).toBe(
      '/api/klips/aaaaaaaa-0000-4000-8000-000000000001/download?format=jpg&name=generated-image',
    );
    expect(screen.getByRole('link', { name: /Download JPG/ }).getAttribute('download')).toBe('generated-image.jpg');
  });

  it('falls back to polling GET /api/generations/:id every 1.5 s when the event stream errors', async () => {
    let polls = 0;
    const api = editorServer([
      on(createImageVariations, variationsRoute()),
      on(getGeneration, () => {
        polls++;
        return json(
          200,
          polls < 2
            ? jobFixture({ id: JOB_1, status: 'running', progress: 55, step: 1, stepLabel: 'Generating' })
            : succeeded(JOB_1, 'a candle', 1),
        );
      }),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    const stream = await generate(user, 'a candle');
    act(() => stream.fail());
    expect(stream.closed).toBe(true);
    await waitFor(() => expect(progressBar().getAttribute('aria-valuenow')).toBe('55'));
    await waitFor(() => expect(previewImage().getAttribute('src')).toBe('/files/klips/u1/1.png'), { timeout: 4000 });
    expect(api.calls(getGeneration, { id: JOB_1 })).toHaveLength(2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('a failed job shows its message in the red banner and says the credit was refunded', async () => {
    editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    const stream = await generate(user, 'a candle');
    act(() =>
      stream.sendJob(
        jobFixture({
          id: JOB_1,
          status: 'failed',
          refunded: true,
          error: { code: 'PROVIDER_FAILED', message: 'The provider is overloaded.' },
        }),
      ),
    );
    const banner = screen.getByRole('alert');
    expect(within(banner).getByText('The provider is overloaded. Your credit was refunded.')).toBeTruthy();
    expect(screen.getByText('Your image will appear here')).toBeTruthy();
    expect(generateButton().disabled).toBe(false);
  });

  it('keeps a history: back restores the first prompt and aspect ratio, next returns, a new result drops forward history', async () => {
    editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    let stream = await generate(user, 'first prompt');
    act(() => stream.sendJob(succeeded(JOB_1, 'first prompt', 1)));
    await user.click(screen.getByRole('radio', { name: /^4:3/ }));
    stream = await generate(user, 'second prompt');
    act(() => stream.sendJob(succeeded(JOB_2, 'second prompt', 2, { aspectRatio: '4:3' })));
    expect(screen.getByText('2 / 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('1 / 2')).toBeTruthy();
    expect(previewImage().getAttribute('src')).toBe('/files/klips/u1/1.png');
    expect(promptBox().value).toBe('first prompt');
    expect(screen.getByRole('radio', { name: /^1:1/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous image' }).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('2 / 2')).toBeTruthy();
    expect(promptBox().value).toBe('second prompt');
    expect(screen.getByRole('radio', { name: /^4:3/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next image' }).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    stream = await generate(user, 'third prompt');
    act(() => stream.sendJob(succeeded('bbbbbbbb-0000-4000-8000-000000000003', 'third prompt', 3)));
    expect(screen.getByText('2 / 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(promptBox().value).toBe('first prompt');
  });

  it('Regenerate sends the same settings again without a seed', async () => {
    const api = editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    await user.click(screen.getByRole('radio', { name: /^3:2/ }));
    const stream = await generate(user, 'first prompt');
    act(() => stream.sendJob(succeeded(JOB_1, 'first prompt', 1, { aspectRatio: '3:2' })));
    await user.clear(promptBox());
    await user.type(promptBox(), 'something else');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(2));
    expect(api.calls(createImageVariations)[1]!.body).toEqual(api.calls(createImageVariations)[0]!.body);
    expect(api.calls(createImageVariations)[1]!.body).not.toHaveProperty('seed');
    expect(promptBox().value).toBe('first prompt');
  });

  it('copies the absolute image URL', async () => {
    editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    const stream = await generate(user, 'a candle');
    act(() => stream.sendJob(succeeded(JOB_1, 'a candle', 1)));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/files/klips/u1/1.png');
  });

  it('shows a running job again after a reload and keeps following it', async () => {
    editorServer([], {
      latest: jobFixture({ id: JOB_1, status: 'running', progress: 30, step: 1, prompt: 'from before', aspectRatio: '4:3' }),
    });
    renderEditor();
    await waitFor(() => expect(progressBar().getAttribute('aria-valuenow')).toBe('30'));
    expect(promptBox().value).toBe('from before');
    expect(screen.getByRole('radio', { name: /^4:3/ }).getAttribute('aria-checked')).toBe('true');
    const stream = FakeEventSource.open()!;
    expect(stream.url).toBe(`/api/generations/${JOB_1}/events`);
    act(() => stream.sendJob(succeeded(JOB_1, 'from before', 1)));
    expect(previewImage().getAttribute('src')).toBe('/files/klips/u1/1.png');
  });

  it('shows a job finished in the last hour after a reload, but not an older one', async () => {
    editorServer([], { latest: succeeded(JOB_1, 'just now', 1) });
    const first = renderEditor();
    await waitFor(() => expect(previewImage().getAttribute('src')).toBe('/files/klips/u1/1.png'));
    expect(promptBox().value).toBe('just now');
    expect(FakeEventSource.instances).toHaveLength(0);
    first.unmount();

    const old = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const api = editorServer([], { latest: succeeded(JOB_1, 'long ago', 1, { updatedAt: old }) });
    renderEditor();
    await waitFor(() => expect(api.calls(getLatestGeneration)).toHaveLength(1));
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    expect(screen.getByText('Your image will appear here')).toBeTruthy();
    expect(promptBox().value).toBe('');
  });
});
