import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { databaseTestFiles } from './database-test-files.ts';

// `npm run test:db`: the server tests that use a database, on PostgreSQL instead of PGlite (the
// others cannot differ there and run once, in `npm test`). TEST_DATABASE_URL is an account that
// may create databases; each test file gets a fresh one from a migrated template.
const root = path.resolve(import.meta.dirname, '..');
const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`Server tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//…@')})`);
const files = databaseTestFiles(root);
console.log(`${files.length} test files use a database`);
const run = spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'server', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
