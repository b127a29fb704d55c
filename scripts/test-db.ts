import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `npm run test:db`: the server test suite on PostgreSQL instead of PGlite. TEST_DATABASE_URL is
// an account that may create databases; each test file gets a fresh one from a migrated template.
const root = path.resolve(import.meta.dirname, '..');
const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`Server tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//…@')})`);
const run = spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'server'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
