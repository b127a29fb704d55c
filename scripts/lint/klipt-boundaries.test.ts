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
