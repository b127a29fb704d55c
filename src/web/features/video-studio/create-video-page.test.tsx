import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { videoGenerationSteps, type GenerationJob } from '#contracts/generation.ts';
import type { Klip } from '#contracts/klips.ts';
import { fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { FakeEventSource } from '../../lib/generation/testing/fake-event-source.ts';
import { paths } from '../../lib/paths.ts';
import CreateVideoPage, { VIDEO_SUCCESS_MS } from './create-video-page.tsx';
import { GAME_OPEN_DELAY_MS } from './game/use-waiting-game.ts';
import { videoJobFixture, videoSettingsFixture } from './testing/video-job.ts';
import { createUpload, createVideoGeneration, getLatestGeneration, getMe } from '#contracts/routes.ts';

const klip: Klip = {
  id: 'aaaaaaaa-0000-4000-8000-000000000007',
  klipType: 'video',
  imageUrl: '/files/klips/u1/job.mp4',
  thumbnailUrl: '/files/klips/u1/job-thumb.webp',
  posterUrl: '/files/klips/u1/job-poster.webp',
  width: 560,
  height: 560,
  prompt: 'sneaker',
  modelName: 'Klipt Video Effects',
  source: 'local',
  isPublic: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  attributes: [
    { name: 'effect', value: 'rotate_it' },
    { name: 'video_length', value: '3' },
  ],
};
const job = videoJobFixture;
const settings = videoSettingsFixture;

function server(options: { credits?: number; latest?: GenerationJob | null } = {}) {
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  return fakeApi(
    on(getMe, () => json(200, meFixture({ credits: options.credits ?? 10 }))),
    on(getLatestGeneration, () => json(200, { job: options.latest ?? null })),
    on(createUpload, () =>
      json(201, {
        id: 'up-ref',
        url: '/files/uploads/u1/ref.png',
        width: 480,
        height: 480,
        mimeType: 'image/png',
        bytes: 10,
        originalName: 'ref.png',
      }),
    ),
    on(createVideoGeneration, () => json(202, job())),
  );
}
const renderPage = () =>
  renderRoutes(
    <Routes>
      <Route path={paths.createVideo} element={<CreateVideoPage />} />
    </Routes>,
    paths.createVideo,
  );
const generateButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Generate · 5 credits|Generating\.\.\.)$/ });

/** Radix's Slider measures its thumb; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** With fake timers: moves the clock 10 ms at a time until `done()`, and says how far it moved. */
async function advanceUntil(done: () => boolean): Promise<number> {
  let elapsed = 0;
  while (!done()) {
    if (elapsed >= 1_000) throw new Error('still waiting after 1 s of fake time');
    await act(() => vi.advanceTimersByTimeAsync(10));
    elapsed += 10;
  }
  return elapsed;
}

/** Records whether any dialog was ever in the page, however briefly, until stopped. */
function watchForDialogs() {
  let seen = document.querySelector('[role="dialog"]') !== null;
  const observer = new MutationObserver(() => {
    if (document.querySelector('[role="dialog"]')) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen: () => seen, stop: () => observer.disconnect() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Reference Image file'), new File([new Uint8Array(10)], 'ref.png', { type: 'image/png' }));
  await screen.findByText(/Uploaded · 480 × 480 px/);
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'sneaker');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Effect' }), 'rotate_it');
}

describe('Create video: the editor', () => {
  it('disables Generate until a reference image and a subject are given', async () => {
    server();
    const user = userEvent.setup();
    renderPage();
    expect(document.title).toBe('Create video — Klipt');
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText('Please upload a reference image.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Effect' }).querySelectorAll('option')).toHaveLength(20);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Resolution' }).value).toBe('560');
    expect(screen.getByRole('slider', { name: 'Video Length' }).getAttribute('aria-valuenow')).toBe('3');
    expect(screen.getByRole('slider', { name: 'Steps' }).getAttribute('aria-valuenow')).toBe('30');
    await user.upload(screen.getByLabelText('Reference Image file'), new File([new Uint8Array(10)], 'ref.png', { type: 'image/png' }));
    await screen.findByText(/Uploaded · 480 × 480 px/);
    expect(generateButton().disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'sneaker');
    expect(generateButton().disabled).toBe(false);
  });

  it('refuses to start with fewer than 5 credits, sending nothing', async () => {
    const api = server({ credits: 4 });
    const user = userEvent.setup();
    renderPage();
    await fillIn(user);
    await user.click(generateButton());
    expect(await screen.findByText('Not enough credits. You need 5 credits to generate a video.')).toBeTruthy();
    expect(api.calls(createVideoGeneration)).toHaveLength(0);
  });

  it('opens the game 1.5 s into a generation, follows the steps, shows the video and the success banner for 5 seconds', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage();
    await fillIn(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(generateButton());
    await waitFor(() => expect(FakeEventSource.open()).toBeTruthy());
    await act(() => vi.advanceTimersByTimeAsync(GAME_OPEN_DELAY_MS));
    expect(await screen.findByRole('dialog', { name: 'Loading Game' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    vi.useRealTimers();
    expect(api.calls(createVideoGeneration)[0]?.body).toEqual({
      subject: 'sneaker',
      effect: 'rotate_it',
      referenceUploadId: 'up-ref',
      videoLength: 3,
      resolution: 560,
      steps: 30,
    });
    await waitFor(() => expect(FakeEventSource.open()).toBeTruthy());
    act(() =>
      FakeEventSource.open()!.sendJob(job({ status: 'running', step: 2, progress: 60, stepLabel: videoGenerationSteps[2].message })),
    );
    // Behind the game (a modal: the page is hidden from assistive tech meanwhile).
    const bar = document.querySelector('[role="progressbar"][aria-label="Video generation progress"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getAllByText(videoGenerationSteps[2].message).length).toBeGreaterThan(0);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => FakeEventSource.open()!.sendJob(job({ status: 'succeeded', step: 4, progress: 100, klip })));
    expect(await screen.findByText('Video generated successfully!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Loading Game' })).toBeNull();
    const video = screen.getByTestId('video-preview') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(klip.imageUrl);
    expect(video.getAttribute('poster')).toBe(klip.posterUrl);
    // A video of another shape than the panel sits on its blurred poster, not on dark bars.
    expect(screen.getByTestId('video-backdrop').getAttribute('src')).toBe(klip.posterUrl);
    expect(video.closest('.bg-ink-950')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download MP4' }).getAttribute('download')).toBe('sneaker.mp4');
    expect(screen.getByRole('link', { name: /Full size/ }).getAttribute('target')).toBe('_blank');
    act(() => void vi.advanceTimersByTime(VIDEO_SUCCESS_MS - 100));
    expect(screen.getByText('Video generated successfully!')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByText('Video generated successfully!')).toBeNull();
  });

  it('a render done within 1.5 s never opens the game, not even for a moment', async () => {
    server();
    renderPage();
    await fillIn(userEvent.setup());
    const dialogs = watchForDialogs();
    vi.useFakeTimers();
    fireEvent.click(generateButton());
    const elapsed = await advanceUntil(() => FakeEventSource.open() !== undefined);
    expect(elapsed).toBeLessThan(GAME_OPEN_DELAY_MS);
    act(() => FakeEventSource.open()!.sendJob(job({ status: 'succeeded', step: 4, progress: 100, klip })));
    await act(() => vi.advanceTimersByTimeAsync(GAME_OPEN_DELAY_MS * 2));
    expect(screen.getByText('Video generated successfully!')).toBeTruthy();
    expect(dialogs.seen()).toBe(false);
    dialogs.stop();
  });

  it('once open, the game stays until the player closes it, also after the video is ready; Play opens it again', async () => {
    server();
    renderPage();
    await fillIn(userEvent.setup());
    vi.useFakeTimers();
    fireEvent.click(generateButton());
    const elapsed = await advanceUntil(() => FakeEventSource.open() !== undefined);
    await act(() => vi.advanceTimersByTimeAsync(GAME_OPEN_DELAY_MS - elapsed - 1));
    expect(screen.queryByRole('dialog', { name: 'Loading Game' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const game = screen.getByRole('dialog', { name: 'Loading Game' });

    // Closed by the player while the video is still on its way: it stays closed; 'Play while you wait' brings it back.
    fireEvent.click(within(game).getByRole('button', { name: 'Close' }));
    await act(() => vi.advanceTimersByTimeAsync(GAME_OPEN_DELAY_MS * 2));
    expect(screen.queryByRole('dialog', { name: 'Loading Game' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play while you wait' }));
    const again = screen.getByRole('dialog', { name: 'Loading Game' });

    act(() => FakeEventSource.open()!.sendJob(job({ status: 'succeeded', step: 4, progress: 100, klip })));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(within(again).getByText('Video generated successfully!')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Loading Game' })).toBe(again);
    fireEvent.click(within(again).getByRole('button', { name: 'See your video' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByRole('dialog', { name: 'Loading Game' })).toBeNull();
    expect(screen.getByTestId('video-preview').getAttribute('src')).toBe(klip.imageUrl);
  });

  it('shows the latest finished video again after a reload, with its settings, without the banner', async () => {
    server({
      latest: job({ status: 'succeeded', step: 4, progress: 100, klip, video: { ...settings, effect: 'zap_me', videoLength: 5 } }),
    });
    renderPage();
    await screen.findByTestId('video-preview');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Subject' }).value).toBe('sneaker');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Effect' }).value).toBe('zap_me');
    expect(screen.getByRole('slider', { name: 'Video Length' }).getAttribute('aria-valuenow')).toBe('5');
    expect(screen.queryByText('Video generated successfully!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();
  });
});
