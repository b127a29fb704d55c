import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { brandKitChoiceRoutes, MAIN_KIT_ID } from '../../lib/brand-kits/testing/fixtures.ts';
import { FakeEventSource } from '../../lib/generation/testing/fake-event-source.ts';
import { paths } from '../../lib/paths.ts';
import { brandKitChoiceTexts } from '../../lib/texts.ts';
import CreateVideoPage from './create-video-page.tsx';
import { videoJobFixture } from './testing/video-job.ts';
import { videoStudioTexts } from './texts.ts';
import { createUpload, createVideoGeneration, enhancePrompt, getLatestGeneration, getMe } from '#contracts/routes.ts';

/** Radix's Slider measures its thumb; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Create video: 'Use brand kit'", () => {
  it('sends the default kit with Enhance and Generate', async () => {
    const api = fakeApi(
      on(getMe, () => json(200, meFixture({ credits: 10 }))),
      on(getLatestGeneration, () => json(200, { job: null })),
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
      on(enhancePrompt, () => json(200, { prompt: 'sneaker spinning, warm mood', helper: 'local', unchanged: false })),
      on(createVideoGeneration, () => json(202, videoJobFixture())),
      ...brandKitChoiceRoutes(),
    );
    const user = userEvent.setup();
    renderRoutes(
      <Routes>
        <Route path={paths.createVideo} element={<CreateVideoPage />} />
      </Routes>,
      paths.createVideo,
    );
    const kit = await screen.findByLabelText<HTMLSelectElement>(brandKitChoiceTexts.label);
    await waitFor(() => expect(kit.value).toBe(MAIN_KIT_ID));

    await user.upload(screen.getByLabelText('Reference Image file'), new File([new Uint8Array(10)], 'ref.png', { type: 'image/png' }));
    await screen.findByText(/Uploaded · 480 × 480 px/);
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'sneaker');
    await user.click(screen.getByRole('button', { name: videoStudioTexts.enhanceSubject }));
    await waitFor(() => expect(api.calls(enhancePrompt)).toHaveLength(1));
    expect(api.calls(enhancePrompt)[0]!.body).toEqual({ prompt: 'sneaker', kind: 'video', brandKitId: MAIN_KIT_ID });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Subject' }).value).toBe('sneaker spinning, warm mood'),
    );

    await user.click(screen.getByRole('button', { name: /^Generate · 5 credits$/ }));
    await waitFor(() => expect(api.calls(createVideoGeneration)).toHaveLength(1));
    expect(api.calls(createVideoGeneration)[0]!.body).toMatchObject({ subject: 'sneaker spinning, warm mood', brandKitId: MAIN_KIT_ID });
  });
});
