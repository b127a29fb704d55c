// oxlint plugin: the import boundaries of Klipt's architecture (docs/architecture.md, "Boundaries").
// Each rule resolves a relative import against the importing file and checks where it lands.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
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

function check(context, node, source) {
  if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
  const from = rel(context.filename);
  const to = rel(path.resolve(path.dirname(context.filename), source.value));
  const reason = boundaryViolation(from, to);
  if (reason) context.report({ node, message: `Import of ${source.value} crosses a boundary: ${reason}.` });
}

export default {
  meta: { name: 'klipt' },
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', docs: { description: 'Keeps the import boundaries of docs/architecture.md' } },
      create(context) {
        return {
          ImportDeclaration: (node) => check(context, node, node.source),
          ExportNamedDeclaration: (node) => check(context, node, node.source),
          ExportAllDeclaration: (node) => check(context, node, node.source),
          ImportExpression: (node) => check(context, node, node.source),
        };
      },
    },
  },
};
