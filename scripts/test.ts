import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `npm test`: every tier, in order of speed; all run, the summary says what failed.
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
}

const steps: Step[] = [
  { name: 'typecheck (server)', command: bin('tsc'), args: ['-p', 'tsconfig.node.json'] },
  { name: 'typecheck (web)', command: bin('tsc'), args: ['-p', 'tsconfig.web.json'] },
  { name: 'typecheck (e2e)', command: bin('tsc'), args: ['-p', 'tsconfig.e2e.json'] },
  { name: 'lint', command: bin('oxlint'), args: ['--type-aware', '--deny-warnings'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
  { name: 'unit + integration (vitest)', command: bin('vitest'), args: ['run'] },
  { name: 'chromium', command: process.execPath, args: ['scripts/ensure-chromium.ts'] },
  { name: 'web build', command: process.execPath, args: ['scripts/web-build.ts'] },
  { name: 'browser (playwright)', command: bin('playwright'), args: ['test'] },
];

const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps) {
  const needsBrowser = step.name === 'browser (playwright)';
  if (needsBrowser && results.some((r) => (r.name === 'chromium' || r.name === 'web build') && !r.ok)) {
    results.push({ name: step.name, ok: false, seconds: 0 });
    continue;
  }
  console.log(`\n━━ ${step.name} ━━`);
  const started = performance.now();
  const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  results.push({ name: step.name, ok: run.status === 0, seconds: (performance.now() - started) / 1000 });
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? '✔' : '✖'} ${r.name.padEnd(30)} ${r.seconds.toFixed(1)} s`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0) {
  console.error(`\n✖ ${failed.length} step(s) failed: ${failed.map((f) => f.name).join(', ')}`);
  process.exit(1);
}
console.log('\n✔ all tests passed');
