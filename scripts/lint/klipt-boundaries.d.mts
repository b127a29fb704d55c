/** The reason an import from `from` to `to` (repository-relative paths) breaks a boundary, or null. */
export function boundaryViolation(from: string, to: string): string | null;

declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
