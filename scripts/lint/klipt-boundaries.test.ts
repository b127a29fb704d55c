import { describe, expect, it } from 'vitest';
import { addressViolation, areaOf, boundaryViolation, climbs, resolveSpecifier } from './klipt-boundaries.mjs';

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
