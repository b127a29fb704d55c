import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { databaseTestFiles, POSTGRES_DIFFERENCES, postgresPassOf, postgresTestFiles } from './database-test-files.ts';

// postgres-pass: same

let root: string;
const put = async (file: string, source: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), source);
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'klipt-db-files-'));
  await put('tests/support/test-database.ts', 'export const openTestDatabase = () => {};\n');
  await put('tests/support/test-app.ts', "import { openTestDatabase } from './test-database.ts';\n");
  await put('tests/support/people.ts', "import { createTestContext } from './test-app.ts';\n");
  await put('tests/support/images.ts', "import sharp from 'sharp';\n");
  await put('src/server/modules/a/a.test.ts', "import { person } from '../../../../tests/support/people.ts';\n// postgres-pass: same\n");
  await put('src/server/lib/pure.test.ts', "import { pngImage } from '../../../tests/support/images.ts';\nimport { x } from './x.ts';\n");
  await put('src/contracts/fields.test.ts', "import { z } from 'zod';\n");
  await put('src/server/runtime/processes.test.ts', "// postgres-pass: processes\nconst url = process.env['TEST_DATABASE_URL'];\n");
  await put('scripts/cli.test.ts', "import { openTestDatabase } from '../tests/support/test-database.ts';\n");
  await put('package.json', JSON.stringify({ imports: { '#test-support/*': './tests/support/*' } }));
  await put('src/server/modules/b/deep/b.test.ts', "import { person } from '#test-support/people.ts';\n// postgres-pass: driver\n");
  await put(
    'src/server/modules/c/c.test.ts',
    "import { pngImage } from '#test-support/images.ts';\nimport { x } from '#server/lib/x.ts';\n// postgres-pass: concurrency\n",
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the test files npm run test:db runs on PostgreSQL', () => {
  it('are those that reach the test database, directly or through support modules (by relative path or alias), or read TEST_DATABASE_URL', () => {
    expect(databaseTestFiles(root)).toEqual([
      'scripts/cli.test.ts',
      'src/server/modules/a/a.test.ts',
      'src/server/modules/b/deep/b.test.ts',
      'src/server/runtime/processes.test.ts',
    ]);
  });

  it('include this project’s ledger and list tests, and leave out the ones that never open a database', () => {
    const files = databaseTestFiles(path.resolve(import.meta.dirname, '..'));
    expect(files).toEqual(
      expect.arrayContaining(['src/server/modules/credits/credit-history.test.ts', 'src/server/modules/klips/klip-lists.test.ts']),
    );
    expect(files).not.toContain('src/local-ai/renderer/render-image.test.ts');
    expect(files).not.toContain('src/contracts/fields.test.ts');
  });
});

describe('the PostgreSQL pass', () => {
  it('runs the database test files that name a difference, and leaves out `same` and unmarked ones', () => {
    expect(postgresTestFiles(root)).toEqual(['src/server/modules/b/deep/b.test.ts', 'src/server/runtime/processes.test.ts']);
  });

  it('has every database test file of this project say whether PostgreSQL can differ for it, with a known reason', () => {
    const projectRoot = path.resolve(import.meta.dirname, '..');
    const undecided = databaseTestFiles(projectRoot).filter((file) => {
      const key = postgresPassOf(readFileSync(path.join(projectRoot, file), 'utf8'));
      return key === null || !(key in POSTGRES_DIFFERENCES);
    });
    expect(undecided, `add a "// postgres-pass: <${Object.keys(POSTGRES_DIFFERENCES).join('|')}>" line`).toEqual([]);
    const pass = postgresTestFiles(projectRoot);
    expect(pass).toEqual(expect.arrayContaining(['src/server/runtime/processes.test.ts', 'src/server/modules/klips/klip-lists.test.ts']));
    expect(pass).not.toContain('src/server/modules/profiles/profiles.test.ts');
  });
});
