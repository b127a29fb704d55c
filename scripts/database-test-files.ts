import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the server project's tests live (vitest.config.ts, project 'server'). */
const TEST_ROOTS = ['src/server', 'src/local-ai', 'src/contracts', 'scripts'];

/** The support modules that open the test database: anything importing them, directly or not, runs on it. */
const DATABASE_MODULES = ['tests/support/test-database.ts', 'tests/support/scratch-database.ts'];

const importPattern = /\bfrom\s+'(\.{1,2}\/[^']+)'/g;

function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(importPattern)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The server test files that use a database (they import the test database, or a support module
 * that does, or read TEST_DATABASE_URL themselves): the only ones whose outcome can differ on
 * PostgreSQL. The rest (renderers, parsers, contracts, HTTP helpers) run once, in `npm test`.
 */
export function databaseTestFiles(root: string): string[] {
  const targets = new Set(DATABASE_MODULES.map((m) => path.join(root, m)));
  const reaches = new Map<string, boolean>();
  const usesDatabase = (file: string, seen: Set<string>): boolean => {
    if (targets.has(file)) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (seen.has(file) || !file.startsWith(path.join(root, 'tests'))) return false;
    seen.add(file);
    const result = relativeImports(file).some((imported) => usesDatabase(imported, seen));
    reaches.set(file, result);
    return result;
  };
  return TEST_ROOTS.map((dir) => path.join(root, dir))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => testFiles(dir))
    .filter((file) => {
      const source = readFileSync(file, 'utf8');
      if (source.includes('TEST_DATABASE_URL')) return true;
      return relativeImports(file).some((imported) => imported.startsWith(path.join(root, 'tests')) && usesDatabase(imported, new Set()));
    })
    .map((file) => path.relative(root, file))
    .sort();
}
