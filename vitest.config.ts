import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Server code in Node against a real database (PGlite template per test file, or PostgreSQL when
// TEST_DATABASE_URL is set), web code in jsdom.
const serverTestFiles = ['src/server/**/*.test.ts', 'src/local-ai/**/*.test.ts', 'src/contracts/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * Server test files that need modules of their own: live-progress mocks the generation repo
 * (vi.mock reaches only modules imported after it), and images.test reads the libvips settings
 * images.ts makes at import, which a module loaded by an earlier file can undo.
 */
const isolatedServerTestFiles = ['src/server/modules/generation/live-progress.test.ts', 'src/server/lib/images.test.ts'];

const serverTests = {
  environment: 'node' as const,
  globalSetup: ['./tests/support/global-setup.ts'],
  // A hang detector, not a speed check (that is `npm run bench`): CI machines have run the same
  // tree 2.3× slower from one run to the next, and a 20 s test must not fail for it.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) runs one file at a time on a 2-core machine;
    // most files wait on timers, sockets or the database as much as they compute, so two share it well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The slowest files after every run: where the longest CI tier spends its time (docs/testing.md#ci-time).
    reporters: ['default', './scripts/slowest-files-reporter.ts'],
    projects: [
      {
        test: {
          ...serverTests,
          name: 'server',
          include: serverTestFiles,
          exclude: [...configDefaults.exclude, ...isolatedServerTestFiles],
          // One worker runs file after file on the modules it has already imported: a fresh worker per
          // file re-imported the whole server for each of 160 files, a quarter of this project's time
          // (docs/testing.md#ci-time). The files that need a module graph of their own run below.
          isolate: false,
        },
      },
      {
        test: { ...serverTests, name: 'server-isolated', include: isolatedServerTestFiles },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          setupFiles: ['./tests/support/web-setup.ts'],
          // Stylesheets stay empty in tests, except one imported as text ('?raw'): design-tokens.test.ts reads the tokens.
          css: { include: [/\.css\?raw$/] },
          testTimeout: 30_000,
        },
      },
    ],
  },
});
