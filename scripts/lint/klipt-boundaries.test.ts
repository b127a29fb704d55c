import { describe, expect, it } from 'vitest';
import { addressViolation, areaOf, boundaryViolation, climbs, resolveSpecifier } from './klipt-boundaries.mjs';

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

const imports = {
  '#contracts/*': './src/contracts/*',
  '#server/*': './src/server/*',
  '#web/*': './src/web/*',
  '#test-support/*': './tests/support/*',
};

describe('resolveSpecifier', () => {
  it('resolves a relative specifier against the importing file', () => {
    expect(resolveSpecifier('src/server/modules/klips/routes.ts', '../../http/router.ts', imports)).toBe('src/server/http/router.ts');
    expect(resolveSpecifier('src/web/app/router.tsx', './app-routes.tsx', imports)).toBe('src/web/app/app-routes.tsx');
  });

  it('resolves an alias through the imports map', () => {
    expect(resolveSpecifier('src/web/features/batches/api/get-batch.ts', '#contracts/batches.ts', imports)).toBe(
      'src/contracts/batches.ts',
    );
    expect(resolveSpecifier('src/server/app.test.ts', '#test-support/test-app.ts', imports)).toBe('tests/support/test-app.ts');
  });

  it('leaves packages and unknown aliases alone', () => {
    expect(resolveSpecifier('src/server/app.ts', 'fastify', imports)).toBeNull();
    expect(resolveSpecifier('src/server/app.ts', 'node:path', imports)).toBeNull();
    expect(resolveSpecifier('src/server/app.ts', '#nowhere/x.ts', imports)).toBeNull();
  });
});

describe('areaOf', () => {
  it('names the top-level folder of the imports map a file is in, and its alias', () => {
    expect(areaOf('src/server/http/router.ts', imports)).toEqual({ folder: 'src/server', alias: '#server/' });
    expect(areaOf('tests/support/web/render.tsx', imports)).toEqual({ folder: 'tests/support', alias: '#test-support/' });
    expect(areaOf('scripts/start.ts', imports)).toBeUndefined();
  });
});

describe('addressViolation', () => {
  it('lets a relative import inside one area climb up to two folders', () => {
    expect(climbs('../../lib/x.ts')).toBe(2);
    expect(addressViolation('src/server/modules/klips/routes.ts', './repo.ts', imports)).toBeNull();
    expect(addressViolation('src/server/modules/klips/routes.ts', '../../http/router.ts', imports)).toBeNull();
  });

  it('refuses a relative import that climbs three folders or more, naming the alias to use', () => {
    expect(addressViolation('src/server/modules/admin/users/routes.ts', '../../../http/router.ts', imports)).toMatch(
      /climbs 3 folders.*#server\//,
    );
    expect(addressViolation('src/web/features/auth/components/x/y.tsx', '../../../../lib/api-client.ts', imports)).toMatch(/climbs 4/);
  });

  it('refuses a relative import into another area, however short', () => {
    expect(addressViolation('src/server/http/access.ts', '../../contracts/contract.ts', imports)).toMatch(/#contracts\//);
    expect(addressViolation('scripts/start.ts', '../src/server/main.ts', imports)).toMatch(/#server\//);
    expect(addressViolation('src/server/app.test.ts', '../../tests/support/test-app.ts', imports)).toMatch(/#test-support\//);
  });

  it('accepts every alias, and relative imports between folders outside the areas', () => {
    expect(addressViolation('src/server/modules/admin/users/routes.ts', '#server/http/router.ts', imports)).toBeNull();
    expect(addressViolation('src/web/app/router.tsx', '#contracts/paths.ts', imports)).toBeNull();
    expect(addressViolation('scripts/lint/klipt-boundaries.test.ts', './klipt-boundaries.mjs', imports)).toBeNull();
    expect(addressViolation('src/server/app.ts', 'fastify', imports)).toBeNull();
  });
});

const violation = (from: string, specifier: string) => boundaryViolation(from, resolveSpecifier(from, specifier, imports)!);

describe('boundaryViolation, for imports that arrive through an alias', () => {
  it('keeps every boundary whichever address the import uses', () => {
    expect(violation('src/web/features/klips/api.ts', '#server/lib/app-error.ts')).toMatch(/web app never imports server code/);
    expect(violation('src/server/app.ts', '#web/lib/texts.ts')).toMatch(/server never imports web code/);
    expect(violation('src/contracts/klips.ts', '#server/config.ts')).toMatch(/src\/contracts imports nothing/);
    expect(violation('src/web/features/batches/batch-page.tsx', '#web/features/dashboard/dashboard-page.tsx')).toMatch(
      /imports no other feature/,
    );
    expect(violation('src/web/lib/api-client.ts', '#web/features/auth/api/sign-in.ts')).toMatch(/imports no feature/);
    expect(violation('src/server/modules/klips/service.ts', '#server/runtime/services.ts')).toMatch(/runtime\/services\.ts/);
    expect(violation('src/server/jobs/job-queue.ts', '#server/modules/mail/mail.ts')).toMatch(/jobs\/ imports no module/);
  });

  it('lets allowed aliased imports through', () => {
    expect(violation('src/web/features/klips/api.ts', '#contracts/klips.ts')).toBeNull();
    expect(violation('src/server/modules/klips/routes.ts', '#server/http/router.ts')).toBeNull();
    expect(violation('src/server/runtime/services.ts', '#server/modules/klips/service.ts')).toBeNull();
  });
});
