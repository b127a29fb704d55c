/** The local AI's rule-based prompt helper (src/local-ai) behind the PromptHelper interface. */
import { createRuleBasedPromptHelper } from '#local-ai/index.ts';
import type { PromptHelper } from './prompt-helper.ts';

export function createLocalPromptHelper(): PromptHelper {
  return createRuleBasedPromptHelper();
}
