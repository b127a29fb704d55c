import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { GenerationJob } from '#contracts/generation.ts';
import { paths } from '#web/lib/paths.ts';
import { fakeApi, json, meFixture, on, type FakeHandler, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import CreateImagePage from '../create-image-page.tsx';
import { FakeEventSource } from '#web/lib/generation/testing/fake-event-source.ts';
import { jobFixture, jobId, standardModels, trainedModels } from './fixtures.ts';
import { getLatestGeneration, getMe, listStandardModels, listTrainedModels } from '#contracts/routes.ts';

/**
 * The editor's fake server: the session, both model lists and no earlier job (or `latest` with its
 * group's `variations`, by default just itself), plus the test's own routes (which replace these
 * for the same contract).
 */
export function editorServer(
  extra: FakeRoute[] = [],
  options: { credits?: number; latest?: GenerationJob | null; variations?: GenerationJob[] } = {},
) {
  vi.stubGlobal('EventSource', FakeEventSource);
  return fakeApi(
    on(getMe, () => json(200, meFixture({ credits: options.credits ?? 10 }))),
    on(listStandardModels, () => json(200, { models: standardModels })),
    on(listTrainedModels, () => json(200, { models: trainedModels })),
    on(getLatestGeneration, () => {
      const job = options.latest ?? null;
      return json(200, { job, variations: options.variations ?? (job ? [job] : []) });
    }),
    ...extra,
  );
}

/** /create/image with optional router state. */
export function renderEditor(state?: unknown) {
  return renderRoutes(
    <Routes>
      <Route path={paths.createImage} element={<CreateImagePage />} />
    </Routes>,
    paths.createImage,
    { state },
  );
}

/**
 * POST /api/generations/variations as the server answers it: a group of `count` queued jobs
 * carrying the request's settings, numbered across calls (jobId(1), jobId(2), …).
 */
export function variationsRoute(): FakeHandler {
  let groups = 0;
  let jobs = 0;
  return (req) => {
    groups++;
    const body = req.body as { prompt: string; aspectRatio: string; modelId: string; count?: number };
    const groupId = `gggggggg-0000-4000-8000-${String(groups).padStart(12, '0')}`;
    return json(202, {
      groupId,
      jobs: Array.from({ length: body.count ?? 1 }, (_, variation) =>
        jobFixture({ id: jobId(++jobs), groupId, variation, prompt: body.prompt, aspectRatio: body.aspectRatio, modelId: body.modelId }),
      ),
    });
  };
}
