import type { Reporter, TestModule } from 'vitest/node';

/** What a file cost the run: importing it, its environment and setup, and its tests with their hooks. */
export interface FileCost {
  file: string;
  project: string;
  seconds: number;
}

export function slowestFiles(modules: ReadonlyArray<TestModule>, count: number): FileCost[] {
  return modules
    .map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return { file: m.relativeModuleId, project: m.project.name, seconds: ms / 1000 };
    })
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/**
 * Prints the slowest test files after a run, so a CI log says where the time of its longest tier
 * goes (docs/testing.md#ci-time) without a second, instrumented run.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = slowestFiles(modules, 15);
    if (rows.length === 0) return;
    const total = modules.reduce((sum, m) => sum + m.diagnostic().duration, 0) / 1000;
    console.log(`\nSlowest test files (of ${modules.length}; their tests took ${total.toFixed(0)} s in all, across workers):`);
    for (const row of rows) console.log(`${row.seconds.toFixed(1).padStart(7)} s  ${row.project.padEnd(6)} ${row.file}`);
  }
}
