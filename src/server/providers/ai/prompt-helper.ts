/** Prompt helpers (Enhance and Rewrite): the built-in rule-based one or an OpenAI-compatible chat API. */

export interface PromptHelper {
  readonly name: 'local' | 'openai-compatible';
  /** A clearer, more detailed prompt with the same intent. */
  enhance(prompt: string, context: { signal: AbortSignal; kind: 'image' | 'video' }): Promise<string>;
  /** The prompt changed as the goal asks; returns only the new prompt. */
  rewrite(prompt: string, goal: string, context: { signal: AbortSignal; kind: 'image' | 'video' }): Promise<string>;
}
