// Types of the oxlint plugin for its tests (the plugin itself is plain JavaScript, loaded by oxlint).
export const TEXT_ATTRIBUTES: ReadonlySet<string>;
/** True when a string is something a person reads: it holds a letter. */
export function isCopy(text: string): boolean;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
