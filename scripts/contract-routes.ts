import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';

// `node scripts/contract-routes.ts`: writes src/contracts/routes.ts, every contract's method, path and
// `produces` without its schemas, for the browser (docs/decisions/0032). A test
// (scripts/contract-routes.test.ts) fails while the file differs from what this writes.

const root = path.resolve(import.meta.dirname, '..');
const contractsDir = path.join(root, 'src', 'contracts');
export const routesFile = path.join(contractsDir, 'routes.ts');

interface RouteEntry {
  module: string;
  name: string;
  method: string;
  path: string;
  produces?: string;
}

const isContract = (value: unknown): value is { method: string; path: string; produces?: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { method?: unknown }).method === 'string' &&
  typeof (value as { path?: unknown }).path === 'string' &&
  typeof (value as { auth?: unknown }).auth === 'string' &&
  'response' in value;

/** Every exported contract of src/contracts, by module and name; a name used by two modules is refused. */
export async function contractRoutes(): Promise<RouteEntry[]> {
  const modules = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'routes.ts')
    .sort();
  const entries: RouteEntry[] = [];
  const seen = new Map<string, string>();
  for (const file of modules) {
    const exports = (await import(pathToFileURL(path.join(contractsDir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isContract(value)) continue;
      const other = seen.get(name);
      if (other) throw new Error(`two contracts are named ${name} (${other} and ${file}): rename one`);
      seen.set(name, file);
      entries.push({
        module: file,
        name,
        method: value.method,
        path: value.path,
        ...(value.produces ? { produces: value.produces } : {}),
      });
    }
  }
  return entries;
}

const importName = (module: string) => module.replace(/\.ts$/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The text of src/contracts/routes.ts. */
export async function routesSource(): Promise<string> {
  const entries = await contractRoutes();
  const modules = [...new Set(entries.map((entry) => entry.module))];
  const lines = [
    '// Written by scripts/contract-routes.ts: do not edit (npm run contract-routes).',
    '//',
    '// Each contract as the browser needs it: its method and path (and what it produces), typed as the',
    '// contract itself so the web helpers take either, without the schemas. The server validates; the',
    '// browser only calls, so the public pages do not build every schema of the API before they can',
    '// answer a tap (docs/decisions/0032). Reading a schema from one of these compiles but throws, naming',
    "// it: a web form that checks with the API's own rule imports that schema from its contract module.",
    '',
    ...modules.map((module) => `import type * as ${importName(module)} from './${module}';`),
    '',
    '/** A schema read from a route fails at once, by name, instead of reading undefined. */',
    'const schemas = ["params", "query", "body", "response"] as const;',
    '',
    '// oxlint-disable-next-line typescript/no-unnecessary-type-parameters -- the caller names the contract the value stands for',
    'function route<C>(method: string, path: string, produces?: string): C {',
    '  const value = produces === undefined ? { method, path } : { method, path, produces };',
    '  for (const schema of schemas)',
    '    Object.defineProperty(value, schema, {',
    '      get() {',
    '        throw new Error(`${method} ${path}: contracts/routes.ts holds no ${schema} schema; import the schema from its contract module`);',
    '      },',
    '    });',
    '  return value as unknown as C;',
    '}',
    '',
    ...entries.map(
      (entry) =>
        `export const ${entry.name} = /* @__PURE__ */ route<typeof ${importName(entry.module)}.${entry.name}>(${[entry.method, entry.path, ...(entry.produces ? [entry.produces] : [])].map((arg) => JSON.stringify(arg)).join(', ')});`,
    ),
    '',
  ];
  return format(lines.join('\n'), { ...(await resolveConfig(routesFile)), filepath: routesFile });
}

if (import.meta.main) {
  writeFileSync(routesFile, await routesSource());
  console.log(`${path.relative(root, routesFile)}: ${(await contractRoutes()).length} routes`);
}
