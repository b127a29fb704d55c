/** Prompt helpers (Enhance and Rewrite): the built-in rule-based one or an OpenAI-compatible chat API. */
import type { BrandVoice } from '#contracts/brand-voice.ts';

/** `brand`: write on-brand (a brand kit was chosen); the prompt service removes its words to avoid from the answer. */
export interface PromptContext {
  signal: AbortSignal;
  kind: 'image' | 'video';
  brand?: BrandVoice;
}

export interface PromptHelper {
  readonly name: 'local' | 'openai-compatible';
  /** A clearer, more detailed prompt with the same intent. */
  enhance(prompt: string, context: PromptContext): Promise<string>;
  /** The prompt changed as the goal asks; returns only the new prompt. */
  rewrite(prompt: string, goal: string, context: PromptContext): Promise<string>;
}
