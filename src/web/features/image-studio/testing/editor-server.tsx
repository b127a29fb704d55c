import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { GenerationJob } from '../../../../contracts/generation.ts';
import { paths } from '../../../lib/paths.ts';
import { fakeApi, json, meFixture } from '../../../../../tests/support/web/fake-api.ts';
import { renderRoutes } from '../../../../../tests/support/web/render.tsx';
import CreateImagePage from '../create-image-page.tsx';
import { FakeEventSource } from './fake-event-source.ts';
import { standardModels, trainedModels } from './fixtures.ts';

type Routes = Parameters<typeof fakeApi>[0];

/** The editor's fake server: the session, both model lists and no earlier job, plus the test's own routes. */
export function editorServer(extra: Routes = {}, options: { credits?: number; latest?: GenerationJob | null } = {}) {
  vi.stubGlobal('EventSource', FakeEventSource);
  return fakeApi({
    'GET /api/me': () => json(200, meFixture({ credits: options.credits ?? 10 })),
    'GET /api/models/standard': () => json(200, { models: standardModels }),
    'GET /api/models/trained': () => json(200, { models: trainedModels }),
    'GET /api/generations/latest': () => json(200, { job: options.latest ?? null }),
    ...extra,
  });
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
