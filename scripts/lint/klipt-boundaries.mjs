// oxlint plugin: the import boundaries and import addresses of Klipt's architecture
// (docs/architecture.md, "Boundaries"; ADR 0021). Each rule resolves an import (relative, or an alias of
// package.json's `imports` map) against the importing file and checks where it lands.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const importMap = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};
const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const within = (file, dir) => file === dir || file.startsWith(`${dir}/`);

const feature = (file) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];

const LOCAL_AI = 'src/local-ai';
/** The server's adapters that put the local AI behind the provider interfaces (local-image-provider.ts…), and their tests. */
const isLocalAiAdapter = (file) => /^src\/server\/providers\/ai\/local-[^/]+\.ts$/.test(file);
/** What the local AI's tests check it against: the built-in inspirations it draws. */
const INSPIRATION_CATALOGUES = ['catalog.ts', 'video-catalog.ts'].map((f) => `src/server/modules/inspirations/${f}`);
const RUNTIME = 'src/server/runtime';
const SERVICES = `${RUNTIME}/services.ts`;
const EMAIL_SENDERS = ['index.ts', 'outbox-email.ts', 'smtp-email.ts'].map((f) => `src/server/providers/email/${f}`);

const MODULES = 'src/server/modules';
const serverModule = (file) => new RegExp(`^${MODULES}/([^/]+)/`).exec(file)?.[1];
/**
 * Modules the rest of the code reaches through their `index.ts` only (ADR 0020); a list of names,
 * or 'all' to fence every module.
 */
export const FENCED_MODULES = ['generation'];

/**
 * The reason an import from `from` to `to` (repository-relative paths) breaks a boundary, or null.
 * `fencedModules` stands in for FENCED_MODULES (tests widen it).
 */
export function boundaryViolation(from, to, { fencedModules = FENCED_MODULES } = {}) {
  if (within(from, 'src/contracts') && !within(to, 'src/contracts')) return 'src/contracts imports nothing from the server or the web';
  if (within(from, 'src/web') && within(to, 'src/server')) return 'the web app never imports server code';
  if (within(from, 'src/server') && within(to, 'src/web')) return 'the server never imports web code';

  const target = feature(to);
  if (target !== undefined && feature(from) !== undefined && feature(from) !== target)
    return `a web feature imports no other feature (only src/web/app composes them): ${feature(from)} → ${target}`;
  if (target !== undefined && (within(from, 'src/web/lib') || within(from, 'src/web/components')))
    return 'shared web code (lib, components) imports no feature';

  if (to === SERVICES && !within(from, RUNTIME)) return 'nothing but the runtime imports runtime/services.ts';
  if (within(from, 'src/server') && !within(from, RUNTIME) && within(to, RUNTIME) && from !== 'src/server/start-server.ts')
    return 'server code below the runtime (modules, jobs, http, providers…) never imports the runtime';
  if (within(from, 'src/server/jobs') && within(to, 'src/server/modules')) return 'jobs/ imports no module: modules define their jobs';
  if (EMAIL_SENDERS.includes(to) && within(from, 'src/server') && !within(from, RUNTIME) && !within(from, 'src/server/providers/email'))
    return 'only the runtime makes an email sender: modules queue the send-email job';

  if (within(from, 'src/web') && within(to, LOCAL_AI)) return 'the web app never imports the local AI';
  if (within(to, LOCAL_AI) && !within(from, LOCAL_AI) && to !== `${LOCAL_AI}/index.ts`)
    return `the local AI is imported through ${LOCAL_AI}/index.ts only, never its internals`;
  if (within(to, LOCAL_AI) && within(from, 'src/server') && !isLocalAiAdapter(from))
    return 'the server reaches the local AI through the provider interfaces: only src/server/providers/ai/local-*.ts import it';
  if (within(from, LOCAL_AI) && within(to, 'src') && !within(to, LOCAL_AI) && !within(to, 'src/contracts')) {
    if (from.endsWith('.test.ts') && INSPIRATION_CATALOGUES.includes(to)) return null;
    return 'the local AI imports nothing from the server or the web (only itself, src/contracts, node and npm packages)';
  }

  const module = serverModule(to);
  const fenced = module !== undefined && (fencedModules === 'all' || fencedModules.includes(module));
  if (fenced && !within(from, `${MODULES}/${module}`) && to !== `${MODULES}/${module}/index.ts`)
    return `the ${module} module is imported through ${MODULES}/${module}/index.ts only, never its internals`;
  return null;
}

/** The aliases of an `imports` map as [prefix, folder] pairs: `#server/*` → `./src/server/*` gives ['#server/', 'src/server']. */
function aliasFolders(imports) {
  return Object.entries(imports)
    .filter(([alias, target]) => alias.endsWith('/*') && typeof target === 'string' && target.endsWith('/*'))
    .map(([alias, target]) => [alias.slice(0, -1), path.posix.normalize(target.slice(0, -2))]);
}

/**
 * The repository-relative path an import names, from the importing file's repository-relative path:
 * a relative specifier against the file's folder, a `#…` alias through the imports map; null for a package.
 */
export function resolveSpecifier(from, specifier, imports = importMap) {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (!specifier.startsWith('#')) return null;
  const match = aliasFolders(imports).find(([prefix]) => specifier.startsWith(prefix));
  return match ? `${match[1]}/${specifier.slice(match[0].length)}` : null;
}

/** The top-level area a file belongs to (a folder the imports map names: src/contracts, src/server…), and its alias. */
export function areaOf(file, imports = importMap) {
  const match = aliasFolders(imports).find(([, folder]) => within(file, folder));
  return match ? { folder: match[1], alias: match[0] } : undefined;
}

/** How many folders a relative specifier climbs ('../../x' climbs 2). */
export const climbs = (specifier) => specifier.split('/').filter((part) => part === '..').length;

/** The most folders a relative import may climb; further, an import uses the alias of the area it lands in. */
export const MAX_CLIMB = 2;

/**
 * Why an import's address is not the one ADR 0021 asks for, or null: an import into another area
 * uses that area's alias; inside one area a relative path climbs at most MAX_CLIMB folders.
 */
export function addressViolation(from, specifier, imports = importMap) {
  if (!specifier.startsWith('.')) return null;
  const to = resolveSpecifier(from, specifier, imports);
  const target = areaOf(to, imports);
  if (target && areaOf(from, imports)?.folder !== target.folder)
    return `it leaves ${from} for ${target.folder}: an import of another area uses its alias (${target.alias}…)`;
  if (climbs(specifier) > MAX_CLIMB)
    return `it climbs ${climbs(specifier)} folders (at most ${MAX_CLIMB}): use ${target ? `the alias ${target.alias}…` : 'an alias'}`;
  return null;
}

function sourceOf(source) {
  return source && typeof source.value === 'string' ? source.value : null;
}

function checkBoundary(context, node, source) {
  const specifier = sourceOf(source);
  if (specifier === null) return;
  const from = rel(context.filename);
  const to = resolveSpecifier(from, specifier);
  if (to === null) return;
  const reason = boundaryViolation(from, to);
  if (reason) context.report({ node, message: `Import of ${specifier} crosses a boundary: ${reason}.` });
}

function checkAddress(context, node, source) {
  const specifier = sourceOf(source);
  if (specifier === null) return;
  const reason = addressViolation(rel(context.filename), specifier);
  if (reason) context.report({ node, message: `Import of ${specifier} reads as no address: ${reason}.` });
}

/** Vitest's calls that name a module by its path, like an import does. */
const MOCK_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);
const isMockCall = (node) =>
  node.callee?.type === 'MemberExpression' && node.callee.object?.name === 'vi' && MOCK_CALLS.has(node.callee.property?.name);

function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source),
    ExportNamedDeclaration: (node) => check(node, node.source),
    ExportAllDeclaration: (node) => check(node, node.source),
    ImportExpression: (node) => check(node, node.source),
  };
}

export default {
  meta: { name: 'klipt' },
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', docs: { description: 'Keeps the import boundaries of docs/architecture.md' } },
      create(context) {
        return importVisitors((node, source) => checkBoundary(context, node, source));
      },
    },
    'import-addresses': {
      meta: {
        type: 'problem',
        docs: { description: 'Imports read as addresses: an alias across areas, short relative paths within one (ADR 0021)' },
      },
      create(context) {
        const check = (node, source) => checkAddress(context, node, source);
        return {
          ...importVisitors(check),
          CallExpression: (node) => {
            if (isMockCall(node) && node.arguments[0]?.type === 'Literal') check(node, node.arguments[0]);
          },
        };
      },
    },
  },
};
