import { z } from 'zod';
import { brandKitChoice } from './brand-kits.ts';
import { defineContract } from './contract.ts';
import { text } from './fields.ts';

/** The longest prompt and rewrite goal (docs/product-rules.md#generation). */
export const PROMPT_MAX = 2000;
export const GOAL_MAX = 500;

export const promptMessages = {
  enhanceEmpty: 'Please enter a prompt before enhancing',
  rewriteEmpty: 'Please enter a prompt to rewrite',
  rewriteGoalEmpty: 'Please enter a goal for rewriting',
  /** Also the generation's prompt. */
  promptTooLong: 'Prompt must be at most 2,000 characters',
  goalTooLong: 'Goal must be at most 500 characters',
  enhanceFailed: (message: string) => `Failed to enhance prompt: ${message}`,
  enhanceFailedGeneric: 'Failed to enhance prompt. Please try again.',
  rewriteFailed: (message: string) => `Failed to rewrite prompt: ${message}`,
  rewriteFailedGeneric: 'Failed to rewrite prompt. Please try again.',
  /** The helper answered nothing. */
  enhanceEmptyResult: 'Failed to enhance prompt',
  rewriteEmptyResult: 'Received empty prompt from rewrite service',
  /** The rewrite failure without a reason (the spec's default). */
  rewriteFailedPlain: 'Failed to rewrite prompt',
  rewriteChangeEmpty: 'Describe the change you want',
  /** What a failing prompt assistant reads like (docs/providers.md#openai-compatible-chat-prompt-helpers). */
  assistantUnavailable: 'The prompt assistant is temporarily unavailable. Please try again later.',
  assistantTimedOut: 'The prompt assistant did not answer in time. Please try again.',
  assistantUnreachable: 'Could not reach the prompt assistant. Please try again.',
  assistantInvalidResponse: 'Invalid response from the prompt assistant',
} as const;

const kind = z.enum(['image', 'video']).default('image');

/** A prompt as users type it: several lines allowed, at most 2,000 characters. */
export function promptText(requiredMessage: string) {
  return text({ required: requiredMessage, max: [PROMPT_MAX, promptMessages.promptTooLong], multiline: true });
}

export const EnhancePromptRequest = z
  .object({ prompt: promptText(promptMessages.enhanceEmpty), kind, brandKitId: brandKitChoice })
  .meta({ id: 'EnhancePromptRequest' });

export const RewritePromptRequest = z
  .object({
    prompt: promptText(promptMessages.rewriteEmpty),
    goal: text({ required: promptMessages.rewriteGoalEmpty, max: [GOAL_MAX, promptMessages.goalTooLong], multiline: true }),
    kind,
    brandKitId: brandKitChoice,
  })
  .meta({ id: 'RewritePromptRequest' });

export const PromptResult = z.object({ prompt: z.string(), helper: z.enum(['local', 'openai-compatible']) }).meta({ id: 'PromptResult' });

/** `unchanged`: the helper gave the text back as it was (letter case, spacing and a closing full stop aside). */
export const EnhanceResult = PromptResult.extend({ unchanged: z.boolean() }).meta({ id: 'EnhanceResult' });

export const enhancePrompt = defineContract({
  method: 'POST',
  path: '/api/prompts/enhance',
  summary: 'A clearer, more detailed prompt with the same intent',
  tags: ['prompts'],
  body: EnhancePromptRequest,
  status: 200,
  response: EnhanceResult,
  errors: [400, 401, 403, 429, 502],
  auth: 'verified',
});

export const rewritePrompt = defineContract({
  method: 'POST',
  path: '/api/prompts/rewrite',
  summary: 'The prompt rewritten as the goal asks (only the prompt is returned)',
  tags: ['prompts'],
  body: RewritePromptRequest,
  status: 200,
  response: PromptResult,
  errors: [400, 401, 403, 429, 502],
  auth: 'verified',
});
