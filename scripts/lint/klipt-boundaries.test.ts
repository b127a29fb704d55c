import { describe, expect, it } from 'vitest';
import { boundaryViolation } from './klipt-boundaries.mjs';

const generation = 'src/server/modules/generation';

describe('boundaryViolation: fenced modules are reached through their index.ts', () => {
  it('refuses another module importing a generation internal', () => {
    expect(boundaryViolation('src/server/modules/batches/service.ts', `${generation}/repo.ts`)).toBe(
      `the generation module is imported through ${generation}/index.ts only, never its internals`,
    );
  });

  it('refuses the runtime importing a generation internal', () => {
    expect(boundaryViolation('src/server/runtime/services.ts', `${generation}/service.ts`)).toMatch(/generation\/index\.ts only/);
  });

  it("allows another module, the runtime and other modules' tests to import generation's index.ts", () => {
    expect(boundaryViolation('src/server/modules/batches/service.ts', `${generation}/index.ts`)).toBeNull();
    expect(boundaryViolation('src/server/runtime/routes.ts', `${generation}/index.ts`)).toBeNull();
    expect(boundaryViolation('src/server/modules/batches/batches.test.ts', `${generation}/index.ts`)).toBeNull();
  });

  it('refuses a test of another module reaching a generation internal', () => {
    expect(boundaryViolation('src/server/modules/batches/batches.test.ts', `${generation}/repo.ts`)).toMatch(/generation\/index\.ts only/);
  });

  it('allows files and tests inside the module to import each other', () => {
    expect(boundaryViolation(`${generation}/engine.ts`, `${generation}/worker.ts`)).toBeNull();
    expect(boundaryViolation(`${generation}/recovery.test.ts`, `${generation}/jobs.ts`)).toBeNull();
  });

  it('leaves modules that are not fenced open', () => {
    expect(boundaryViolation('src/server/modules/generation/serialize.ts', 'src/server/modules/klips/repo.ts')).toBeNull();
  });

  it('fences the modules it is given, or every module with "all"', () => {
    const from = 'src/server/modules/generation/serialize.ts';
    expect(boundaryViolation(from, 'src/server/modules/klips/repo.ts', { fencedModules: ['klips'] })).toBe(
      'the klips module is imported through src/server/modules/klips/index.ts only, never its internals',
    );
    expect(boundaryViolation(from, 'src/server/modules/klips/repo.ts', { fencedModules: 'all' })).toMatch(/klips\/index\.ts only/);
    expect(boundaryViolation(from, 'src/server/modules/klips/index.ts', { fencedModules: 'all' })).toBeNull();
    expect(boundaryViolation('src/server/runtime/services.ts', 'src/server/modules/credits/ledger.ts', { fencedModules: 'all' })).toMatch(
      /credits\/index\.ts only/,
    );
  });
});

describe('the local AI fence', () => {
  it('lets the server reach the local AI only through its adapters and its one entry', () => {
    expect(boundaryViolation('src/server/providers/ai/local-image-provider.ts', 'src/local-ai/index.ts')).toBeNull();
    expect(boundaryViolation('src/server/providers/ai/local-video-provider.test.ts', 'src/local-ai/index.ts')).toBeNull();
    expect(boundaryViolation('src/server/providers/ai/local-image-provider.ts', 'src/local-ai/renderer/render-image.ts')).toMatch(
      /through src\/local-ai\/index\.ts only/,
    );
    expect(boundaryViolation('src/server/modules/inspirations/seed.ts', 'src/local-ai/index.ts')).toMatch(/provider interfaces/);
    expect(boundaryViolation('src/server/providers/ai/index.ts', 'src/local-ai/index.ts')).toMatch(/provider interfaces/);
  });

  it('keeps the web app out of it, and lets scripts and benchmarks use its entry', () => {
    expect(boundaryViolation('src/web/features/landing/landing-page.tsx', 'src/local-ai/index.ts')).toMatch(/web app never imports/);
    expect(boundaryViolation('scripts/make-landing-samples.ts', 'src/local-ai/index.ts')).toBeNull();
    expect(boundaryViolation('scripts/make-landing-samples.ts', 'src/local-ai/video/canvas.ts')).toMatch(/index\.ts only/);
  });

  it('lets the local AI import itself and the contracts, nothing from the server or the web', () => {
    expect(boundaryViolation('src/local-ai/renderer/raster.ts', 'src/local-ai/errors.ts')).toBeNull();
    expect(boundaryViolation('src/local-ai/renderer/raster.ts', 'src/contracts/generation.ts')).toBeNull();
    expect(boundaryViolation('src/local-ai/renderer/raster.ts', 'src/server/lib/images.ts')).toMatch(/imports nothing from the server/);
    expect(boundaryViolation('src/local-ai/index.ts', 'src/server/providers/ai/image-provider.ts')).toMatch(
      /imports nothing from the server/,
    );
    expect(boundaryViolation('src/local-ai/video/canvas.ts', 'src/web/lib/texts.ts')).toMatch(/imports nothing from the server/);
  });

  it('lets its tests read the inspiration catalogues they check it against, and nothing else of the server', () => {
    expect(boundaryViolation('src/local-ai/renderer/inspirations.test.ts', 'src/server/modules/inspirations/catalog.ts')).toBeNull();
    expect(boundaryViolation('src/local-ai/renderer/inspirations.test.ts', 'src/server/lib/video-probe.ts')).toMatch(/imports nothing/);
    expect(boundaryViolation('src/local-ai/renderer/raster.ts', 'src/server/modules/inspirations/catalog.ts')).toMatch(/imports nothing/);
  });
});
