// Types of the lint plugin's pure functions, for its tests (the plugin itself is plain JS that oxlint loads).
type ImportMap = Record<string, unknown>;

export const FENCED_MODULES: readonly string[] | 'all';
/** The reason an import from `from` to `to` (repository-relative paths) breaks a boundary, or null. */
export function boundaryViolation(from: string, to: string, options?: { fencedModules?: readonly string[] | 'all' }): string | null;
export function resolveSpecifier(from: string, specifier: string, imports?: ImportMap): string | null;
export function areaOf(file: string, imports?: ImportMap): { folder: string; alias: string } | undefined;
export function climbs(specifier: string): number;
export const MAX_CLIMB: number;
export function addressViolation(from: string, specifier: string, imports?: ImportMap): string | null;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
