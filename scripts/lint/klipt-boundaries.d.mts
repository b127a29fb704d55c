// Types of the oxlint plugin for its tests (the plugin itself is plain JavaScript, loaded by oxlint).
export const FENCED_MODULES: readonly string[] | 'all';
/** The reason an import from `from` to `to` (repository-relative paths) breaks a boundary, or null. */
export function boundaryViolation(from: string, to: string, options?: { fencedModules?: readonly string[] | 'all' }): string | null;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
