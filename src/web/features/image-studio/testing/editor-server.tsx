import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { getLatestGeneration, type GenerationJob } from '../../../../contracts/generation.ts';
import { listStandardModels, listTrainedModels } from '../../../../contracts/models.ts';
import { getMe } from '../../../../contracts/profile.ts';
import { paths } from '../../../lib/paths.ts';
import { fakeApi, json, meFixture, on, type FakeRoute } from '../../../../../tests/support/web/fake-api.ts';
import { renderRoutes } from '../../../../../tests/support/web/render.tsx';
import CreateImagePage from '../create-image-page.tsx';
import { FakeEventSource } from '../../../lib/generation/testing/fake-event-source.ts';
import { standardModels, trainedModels } from './fixtures.ts';

/**
 * The editor's fake server: the session, both model lists and no earlier job, plus the test's own
 * routes (which replace these for the same contract).
 */
export function editorServer(extra: FakeRoute[] = [], options: { credits?: number; latest?: GenerationJob | null } = {}) {
  vi.stubGlobal('EventSource', FakeEventSource);
  return fakeApi(
    on(getMe, () => json(200, meFixture({ credits: options.credits ?? 10 }))),
    on(listStandardModels, () => json(200, { models: standardModels })),
    on(listTrainedModels, () => json(200, { models: trainedModels })),
    on(getLatestGeneration, () => json(200, { job: options.latest ?? null })),
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
