import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { slowestFiles } from './slowest-files-reporter.ts';

const module = (file: string, ms: { setup?: number; collect?: number; tests: number }) =>
  ({
    relativeModuleId: file,
    project: { name: 'server' },
    diagnostic: () => ({
      environmentSetupDuration: 0,
      prepareDuration: 0,
      setupDuration: ms.setup ?? 0,
      collectDuration: ms.collect ?? 0,
      duration: ms.tests,
    }),
  }) as unknown as TestModule;

describe('the slowest test files', () => {
  it('ranks files by what they cost in all (import and setup included), slowest first, at most the count', () => {
    const rows = slowestFiles(
      [module('a.test.ts', { tests: 1000 }), module('b.test.ts', { collect: 4000, tests: 500 }), module('c.test.ts', { tests: 2000 })],
      2,
    );
    expect(rows).toEqual([
      { file: 'b.test.ts', project: 'server', seconds: 4.5 },
      { file: 'c.test.ts', project: 'server', seconds: 2 },
    ]);
  });
});
