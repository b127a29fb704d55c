/**
 * The built-in prompt helper (name 'local'): Klipt's zero-setup enhance and rewrite, by rules.
 *
 * Enhance keeps the user's words in their order and appends what a product photo prompt usually
 * lacks — a setting, lighting, lens/composition, a style and quality terms — chosen for the subject
 * it recognises (apparel, jewelry, beauty, food, electronics, home, people), skipping every aspect
 * the prompt already covers. Deterministic, idempotent, at most ~60 words.
 *
 * Rewrite reads the change request and applies it: a new background or setting replaces the old
 * one; colours are replaced or a colour scheme set; things are added, removed or swapped; time of
 * day, season, weather, mood and camera requests ("make it night", "more minimal", "closer") swap
 * the conflicting phrases for new ones. Anything else is appended as a clause. Compound requests
 * ("add a vase and make it night") are applied in turn. The result always differs from the input.
 *
 * For videos the prompt is the effect's subject: results stay one to three words.
 *
 * With a brand kit, image prompts also get the kit's voice as a mood and its palette as colours
 * (once); the prompt service removes the kit's words to avoid from whatever a helper returns.
 */

import type { BrandVoice } from '#contracts/brand-voice.ts';
import { promptMessages } from '#contracts/prompts.ts';
import { onBrand } from './brand.ts';
import { enhancePrompt } from './enhance.ts';
import { rewritePrompt } from './rewrite.ts';
import { rewriteSubject } from './rewrite-subject.ts';
import { enhanceSubject } from './subject.ts';

type PromptContext = { signal: AbortSignal; kind: 'image' | 'video'; brand?: BrandVoice };

/** What the server's PromptHelper interface asks (src/server/providers/ai/local-prompt-helper.ts). */
export interface RuleBasedPromptHelper {
  readonly name: 'local';
  enhance(prompt: string, context: PromptContext): Promise<string>;
  rewrite(prompt: string, goal: string, context: PromptContext): Promise<string>;
}

export function createRuleBasedPromptHelper(): RuleBasedPromptHelper {
  return {
    name: 'local',
    async enhance(prompt, context) {
      context.signal.throwIfAborted();
      const result = context.kind === 'video' ? enhanceSubject(prompt) : onBrand(enhancePrompt(prompt), context.brand);
      if (result.trim() === '') throw new Error(promptMessages.enhanceEmptyResult);
      return result;
    },
    async rewrite(prompt, goal, context) {
      context.signal.throwIfAborted();
      if (goal.trim() === '') throw new Error(promptMessages.rewriteChangeEmpty);
      const result = context.kind === 'video' ? rewriteSubject(prompt, goal) : onBrand(rewritePrompt(prompt, goal), context.brand);
      if (result.trim() === '') throw new Error(promptMessages.rewriteEmptyResult);
      return result;
    },
  };
}
