import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerationJob } from '#contracts/generation.ts';
import { on } from '#test-support/web/fake-api.ts';
import { FakeEventSource } from '../../lib/generation/testing/fake-event-source.ts';
import { editorServer, renderEditor, variationsRoute } from './testing/editor-server.tsx';
import { jobFixture, jobId, succeededJob } from './testing/fixtures.ts';
import { createImageVariations } from '#contracts/routes.ts';

const GROUP = 'gggggggg-0000-4000-8000-000000000001';
const promptBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ });
const countRadio = (n: number) =>
  within(screen.getByRole('radiogroup', { name: 'Variations' })).getByRole('radio', { name: n === 1 ? '1 variation' : `${n} variations` });
const tiles = () => screen.getAllByRole('group', { name: /^Variation \d of \d$/ });
const tile = (place: number) => screen.getByRole('group', { name: new RegExp(`^Variation ${place} of \\d$`) });
const imageIn = (element: HTMLElement) => within(element).getByRole<HTMLImageElement>('img').getAttribute('src');
const progressIn = (element: HTMLElement) => within(element).getByRole('progressbar').getAttribute('aria-valuenow');

/** Job n of the first group (variation n-1) as the server reports it over its own stream. */
const inGroup = (n: number, overrides: Partial<GenerationJob> = {}) => ({ groupId: GROUP, variation: n - 1, ...overrides });
const succeed = (n: number, prompt: string) =>
  act(() => FakeEventSource.forJob(jobId(n))!.sendJob(succeededJob(jobId(n), prompt, n, inGroup(n))));

async function ready(user: ReturnType<typeof userEvent.setup>, prompt: string, count: number) {
  await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
  await user.type(promptBox(), prompt);
  await user.click(countRadio(count));
}

beforeEach(() => FakeEventSource.reset());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create image: variations', () => {
  it('4 variations cost 4 credits, are sent as one request and fill in side by side, each on its own stream', async () => {
    const api = editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    expect(countRadio(1).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Generate 1 — 1 credit' })).toBeTruthy();
    await ready(user, 'a candle', 4);
    await user.click(screen.getByRole('button', { name: 'Generate 4 — 4 credits' }));

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(4));
    expect(api.calls(createImageVariations)).toHaveLength(1);
    expect(api.calls(createImageVariations)[0]!.body).toMatchObject({ prompt: 'a candle', aspectRatio: '1:1', count: 4 });
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual([1, 2, 3, 4].map((n) => `/api/generations/${jobId(n)}/events`));
    expect(tiles()).toHaveLength(4);
    expect(tiles().map(progressIn)).toEqual(['0', '0', '0', '0']);
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeTruthy();

    act(() =>
      FakeEventSource.forJob(jobId(2))!.sendJob(jobFixture({ id: jobId(2), ...inGroup(2), status: 'running', progress: 40, step: 1 })),
    );
    expect(progressIn(tile(2))).toBe('40');
    expect(progressIn(tile(1))).toBe('0');

    succeed(3, 'a candle');
    expect(imageIn(tile(3))).toBe('/files/klips/u1/3.png');
    expect(within(tile(3)).getByRole('img').getAttribute('alt')).toBe('Generated image 3 of 4: a candle');
    expect(FakeEventSource.forJob(jobId(3))!.closed).toBe(true);
    expect(FakeEventSource.forJob(jobId(2))!.closed).toBe(false);
    expect(progressIn(tile(2))).toBe('40');
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeTruthy();

    succeed(1, 'a candle');
    succeed(4, 'a candle');
    succeed(2, 'a candle');
    expect(tiles().map(imageIn)).toEqual([1, 2, 3, 4].map((n) => `/files/klips/u1/${n}.png`));
    expect(FakeEventSource.instances.every((s) => s.closed)).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('1 / 1')).toBeTruthy();
    expect(screen.getByText('Klipt Ultra 1.1 · 4 variations · 1:1')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Generate 4 — 4 credits' }).disabled).toBe(false);

    // Each image has its own download and full size.
    expect(within(tile(2)).getByRole('link', { name: 'Download variation 2' }).getAttribute('href')).toBe(
      '/api/klips/aaaaaaaa-0000-4000-8000-000000000002/download?format=jpg&name=generated-image',
    );
    await user.click(within(tile(3)).getByRole('button', { name: 'View variation 3 full size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Full size' });
    expect(imageIn(dialog)).toBe('/files/klips/u1/3.png');
  });

  it('a failed variation shows its own error and refund while the others go on and show their images', async () => {
    editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await ready(user, 'a candle', 3);
    await user.click(screen.getByRole('button', { name: 'Generate 3 — 3 credits' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(3));

    const overloaded = { code: 'PROVIDER_FAILED', message: 'The provider is overloaded.' };
    act(() =>
      FakeEventSource.forJob(jobId(2))!.sendJob(
        jobFixture({ id: jobId(2), ...inGroup(2), status: 'failed', refunded: true, error: overloaded }),
      ),
    );
    expect(within(tile(2)).getByRole('alert').textContent).toContain('The provider is overloaded. Your credit was refunded.');
    expect(progressIn(tile(1))).toBe('0');
    succeed(1, 'a candle');
    succeed(3, 'a candle');

    expect(imageIn(tile(1))).toBe('/files/klips/u1/1.png');
    expect(imageIn(tile(3))).toBe('/files/klips/u1/3.png');
    expect(within(tile(2)).getByRole('alert').textContent).toContain('The provider is overloaded. Your credit was refunded.');
    expect(within(tile(2)).queryByRole('img')).toBeNull();
    // The editor's banner stays for a generation that made nothing.
    expect(screen.queryByText('Image not generated')).toBeNull();
    expect(screen.getByText('1 / 1')).toBeTruthy();
  });

  it('when every variation fails, the banner says so with all the credits refunded', async () => {
    editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await ready(user, 'a candle', 2);
    await user.click(screen.getByRole('button', { name: 'Generate 2 — 2 credits' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    for (const n of [1, 2]) {
      act(() =>
        FakeEventSource.forJob(jobId(n))!.sendJob(
          jobFixture({ id: jobId(n), ...inGroup(n), status: 'failed', refunded: true, error: { code: 'TIMEOUT', message: 'Timed out.' } }),
        ),
      );
    }
    const banner = screen.getByRole('alert');
    expect(within(banner).getByText('Timed out. Your 2 credits were refunded.')).toBeTruthy();
    expect(screen.queryAllByRole('group', { name: /^Variation/ })).toHaveLength(0);
    expect(screen.getByText('Your image will appear here')).toBeTruthy();
  });

  it('with 3 credits, 4 variations are refused before sending with the total cost; 3 are sent', async () => {
    const api = editorServer([on(createImageVariations, variationsRoute())], { credits: 3 });
    const user = userEvent.setup();
    renderEditor();
    await ready(user, 'a candle', 4);
    await screen.findByText('You have 3 credits · failed generations are refunded');
    await user.click(screen.getByRole('button', { name: 'Generate 4 — 4 credits' }));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Not enough credits. You need 4 credits to generate 4 variations.')).toBeTruthy();
    expect(api.calls(createImageVariations)).toHaveLength(0);
    expect(FakeEventSource.instances).toHaveLength(0);

    await user.click(countRadio(3));
    await user.click(screen.getByRole('button', { name: 'Generate 3 — 3 credits' }));
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).toMatchObject({ count: 3 });
    expect(screen.queryByText('Not enough credits. You need 4 credits to generate 4 variations.')).toBeNull();
  });

  it('Regenerate asks for the same number of variations with the same settings', async () => {
    const api = editorServer([on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await ready(user, 'a candle', 4);
    await user.click(screen.getByRole('button', { name: 'Generate 4 — 4 credits' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(4));
    for (const n of [1, 2, 3, 4]) succeed(n, 'a candle');

    await user.click(countRadio(1));
    await user.clear(promptBox());
    await user.type(promptBox(), 'something else');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(2));
    expect(api.calls(createImageVariations)[1]!.body).toEqual(api.calls(createImageVariations)[0]!.body);
    expect(api.calls(createImageVariations)[1]!.body).toMatchObject({ count: 4, prompt: 'a candle' });
    expect(countRadio(4).getAttribute('aria-checked')).toBe('true');
    expect(promptBox().value).toBe('a candle');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(8));
    expect(tiles()).toHaveLength(4);
  });

  it('after a reload shows every variation of the latest group and follows the unfinished ones', async () => {
    const prompt = 'from before';
    const variations = [
      succeededJob(jobId(1), prompt, 1, inGroup(1, { aspectRatio: '4:3' })),
      jobFixture({ id: jobId(2), ...inGroup(2), prompt, aspectRatio: '4:3', status: 'running', progress: 30, step: 1 }),
      jobFixture({
        id: jobId(3),
        ...inGroup(3),
        prompt,
        aspectRatio: '4:3',
        status: 'failed',
        refunded: true,
        error: { code: 'PROVIDER_FAILED', message: 'Rejected.' },
      }),
      jobFixture({ id: jobId(4), ...inGroup(4), prompt, aspectRatio: '4:3', status: 'waiting' }),
    ];
    editorServer([], { latest: variations[3]!, variations });
    renderEditor();

    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(imageIn(tile(1))).toBe('/files/klips/u1/1.png');
    expect(progressIn(tile(2))).toBe('30');
    expect(within(tile(3)).getByRole('alert').textContent).toContain('Rejected. Your credit was refunded.');
    expect(progressIn(tile(4))).toBe('0');
    expect(promptBox().value).toBe(prompt);
    expect(countRadio(4).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: /^4:3/ }).getAttribute('aria-checked')).toBe('true');
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual([2, 4].map((n) => `/api/generations/${jobId(n)}/events`));

    succeed(2, prompt);
    succeed(4, prompt);
    expect([1, 2, 4].map((n) => imageIn(tile(n)))).toEqual([1, 2, 4].map((n) => `/files/klips/u1/${n}.png`));
    expect(within(tile(3)).getByRole('alert')).toBeTruthy();
    expect(screen.getByText('1 / 1')).toBeTruthy();
  });

  it('after a reload shows a group finished in the last hour without opening streams', async () => {
    const variations = [1, 2].map((n) => succeededJob(jobId(n), 'just now', n, inGroup(n)));
    editorServer([], { latest: variations[1]!, variations });
    renderEditor();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(tiles().map(imageIn)).toEqual(['/files/klips/u1/1.png', '/files/klips/u1/2.png']);
    expect(countRadio(2).getAttribute('aria-checked')).toBe('true');
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
