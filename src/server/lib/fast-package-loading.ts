import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Node re-reads a package's package.json for every module it resolves inside that package, and
 * drizzle-orm's is 180 KB of exports: loading its ~450 files cost about 400 ms of start-up (see
 * ADR 0005). Relative imports inside these ESM-only packages are plain files, so we resolve and
 * load them directly; everything else goes through Node's own loader.
 */
const packages = ['/node_modules/drizzle-orm/'];
const inFastPackage = (url: string | undefined): boolean => url !== undefined && packages.some((p) => url.includes(p));

export function registerFastPackageLoading(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (inFastPackage(context.parentURL) && (specifier.startsWith('./') || specifier.startsWith('../'))) {
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (inFastPackage(url) && url.endsWith('.js')) {
        return { format: 'module', source: readFileSync(fileURLToPath(url)), shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
}
