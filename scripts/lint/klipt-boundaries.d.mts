// Types of the oxlint plugin for its tests (the plugin itself is plain JavaScript, loaded by oxlint).
export const FENCED_MODULES: readonly string[] | 'all';
export function boundaryViolation(from: string, to: string, options?: { fencedModules?: readonly string[] | 'all' }): string | null;
declare const plugin: unknown;
export default plugin;
