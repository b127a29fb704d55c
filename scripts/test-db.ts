import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { databaseTestFiles, postgresTestFiles } from './database-test-files.ts';

// `npm run test:db`: the server tests whose outcome can differ on PostgreSQL (their `postgres-pass`
// line says why: scripts/database-test-files.ts), on PostgreSQL instead of PGlite; the others run
// once, in `npm test`. TEST_DATABASE_URL is an account that
// may create databases; each test file gets a fresh one from a migrated template.
const root = path.resolve(import.meta.dirname, '..');
const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`Server tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//…@')})`);
const files = postgresTestFiles(root);
console.log(`${files.length} of the ${databaseTestFiles(root).length} test files that use a database can differ on PostgreSQL`);
const run = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'server', '--project', 'server-isolated', ...files],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(run.status ?? 1);
