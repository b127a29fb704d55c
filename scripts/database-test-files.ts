import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the server tests live (vitest.config.ts, projects 'server' and 'server-isolated'). */
const TEST_ROOTS = ['src/server', 'src/local-ai', 'src/contracts', 'scripts'];

/** The support modules that open the test database: anything importing them, directly or not, runs on it. */
const DATABASE_MODULES = ['tests/support/test-database.ts', 'tests/support/scratch-database.ts'];

const importPattern = /\bfrom\s+'((?:\.{1,2}\/|#)[^']+)'/g;

/** The `#…/*` aliases of root's package.json `imports` map, as [prefix, absolute folder] pairs (ADR 0021). */
function aliasFolders(root: string): Array<[string, string]> {
  const manifest = path.join(root, 'package.json');
  if (!existsSync(manifest)) return [];
  const imports = (JSON.parse(readFileSync(manifest, 'utf8')) as { imports?: Record<string, unknown> }).imports ?? {};
  return Object.entries(imports).flatMap(([alias, target]): Array<[string, string]> =>
    alias.endsWith('/*') && typeof target === 'string' && target.endsWith('/*')
      ? [[alias.slice(0, -1), path.join(root, target.slice(0, -2))]]
      : [],
  );
}

/** The files a file imports by path: relative specifiers and aliases (packages left out). */
function localImports(file: string, aliases: Array<[string, string]>): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(importPattern)].flatMap((m) => {
    const specifier = m[1]!;
    if (specifier.startsWith('.')) return [path.resolve(path.dirname(file), specifier)];
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    return alias ? [path.join(alias[1], specifier.slice(alias[0].length))] : [];
  });
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Why a database test file runs again on PostgreSQL: what differs there from PGlite, which is the
 * same PostgreSQL engine (compiled to WebAssembly) behind one connection. Each database test file
 * names one of these in a `// postgres-pass: <key>` line; `same` files run once, on PGlite.
 */
export const POSTGRES_DIFFERENCES = {
  concurrency:
    'requests or jobs at once: on a pool of connections their transactions interleave and wait on row locks; PGlite runs one statement at a time',
  processes: 'several processes or instances on one database: LISTEN/NOTIFY, the job queue across instances, recovery after a restart',
  driver: "values through node-postgres's parsers: counts and sums, timestamps in cursors and dates, error codes",
  migrations: 'migrations and schema on a PostgreSQL server',
  same: 'plain reads and writes on one connection: PGlite answers them as PostgreSQL does',
} as const;
export type PostgresDifference = keyof typeof POSTGRES_DIFFERENCES;

const markerPattern = /^\/\/ postgres-pass: (\S+)/m;

/** The key a test file's `// postgres-pass:` line names, or null without one (an unknown key is returned as written). */
export function postgresPassOf(source: string): string | null {
  return markerPattern.exec(source)?.[1] ?? null;
}

/**
 * The server test files that use a database (they import the test database, or a support module
 * that does, or read TEST_DATABASE_URL themselves): the only ones whose outcome can differ on
 * PostgreSQL. The rest (renderers, parsers, contracts, HTTP helpers) run once, in `npm test`.
 */
export function databaseTestFiles(root: string): string[] {
  const targets = new Set(DATABASE_MODULES.map((m) => path.join(root, m)));
  const aliases = aliasFolders(root);
  const reaches = new Map<string, boolean>();
  const usesDatabase = (file: string, seen: Set<string>): boolean => {
    if (targets.has(file)) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (seen.has(file) || !file.startsWith(path.join(root, 'tests'))) return false;
    seen.add(file);
    const result = localImports(file, aliases).some((imported) => usesDatabase(imported, seen));
    reaches.set(file, result);
    return result;
  };
  return TEST_ROOTS.map((dir) => path.join(root, dir))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => testFiles(dir))
    .filter((file) => {
      const source = readFileSync(file, 'utf8');
      if (source.includes('TEST_DATABASE_URL')) return true;
      return localImports(file, aliases).some(
        (imported) => imported.startsWith(path.join(root, 'tests')) && usesDatabase(imported, new Set()),
      );
    })
    .map((file) => path.relative(root, file))
    .sort();
}

/** The database test files whose outcome can differ on PostgreSQL: what `npm run test:db` runs. */
export function postgresTestFiles(root: string): string[] {
  return databaseTestFiles(root).filter((file) => {
    const key = postgresPassOf(readFileSync(path.join(root, file), 'utf8'));
    return key !== null && key !== 'same';
  });
}
