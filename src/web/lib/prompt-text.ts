/** Prompts over 100 characters collapse with 'Show more' (docs/product-rules.md#generation). */
export const COLLAPSE_AFTER = 100;

export function isLongPrompt(prompt: string): boolean {
  return prompt.length > COLLAPSE_AFTER;
}

/** The prompt cut at a word boundary near `max` characters, with an ellipsis when cut. */
export function shortPrompt(prompt: string, max: number): string {
  if (prompt.length <= max) return prompt;
  const cut = prompt.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
