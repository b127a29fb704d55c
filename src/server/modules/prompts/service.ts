import { withoutAvoidedWords, type BrandVoice } from '#contracts/brand-voice.ts';
import { promptMessages } from '#contracts/prompts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PromptHelper } from '../../providers/ai/prompt-helper.ts';

export interface PromptService {
  /** `unchanged`: the same answer whichever helper gave the text back (an LLM's echo, or the local rules with nothing to add). */
  /** With `brand`, the helper writes on-brand and no word to avoid is left in the answer, whichever helper gave it. */
  enhance(
    prompt: string,
    kind: 'image' | 'video',
    brand?: BrandVoice,
  ): Promise<{ prompt: string; helper: PromptHelper['name']; unchanged: boolean }>;
  rewrite(
    prompt: string,
    goal: string,
    kind: 'image' | 'video',
    brand?: BrandVoice,
  ): Promise<{ prompt: string; helper: PromptHelper['name'] }>;
}

const TIMEOUT_MS = 30_000;

/** The wording without what does not change it: letter case, runs of spaces, a closing full stop. */
const wording = (text: string) =>
  text
    .replace(/[\s.!]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Errors with a message read "Failed to … prompt: {message}", others the generic sentence. */
function failure(err: unknown, withMessage: (m: string) => string, generic: string, plain: string): AppError {
  const message = err instanceof Error ? err.message.trim() : '';
  if (message === '') return new AppError('PROVIDER_FAILED', generic);
  if (message === plain) return new AppError('PROVIDER_FAILED', plain);
  return new AppError('PROVIDER_FAILED', withMessage(message));
}

export function createPromptService(deps: { helper: PromptHelper }): PromptService {
  return {
    async enhance(prompt, kind, brand) {
      try {
        const answer = await deps.helper.enhance(prompt, { signal: AbortSignal.timeout(TIMEOUT_MS), kind, ...(brand ? { brand } : {}) });
        const result = withoutAvoidedWords(answer, brand?.avoidWords ?? []);
        if (result.trim() === '') throw new Error(promptMessages.enhanceEmptyResult);
        return { prompt: result.trim(), helper: deps.helper.name, unchanged: wording(result) === wording(prompt) };
      } catch (err) {
        throw failure(err, promptMessages.enhanceFailed, promptMessages.enhanceFailedGeneric, promptMessages.enhanceEmptyResult);
      }
    },
    async rewrite(prompt, goal, kind, brand) {
      try {
        const answer = await deps.helper.rewrite(prompt, goal, {
          signal: AbortSignal.timeout(TIMEOUT_MS),
          kind,
          ...(brand ? { brand } : {}),
        });
        const result = withoutAvoidedWords(answer, brand?.avoidWords ?? []);
        if (result.trim() === '') throw new Error(promptMessages.rewriteEmptyResult);
        return { prompt: result.trim(), helper: deps.helper.name };
      } catch (err) {
        throw failure(err, promptMessages.rewriteFailed, promptMessages.rewriteFailedGeneric, promptMessages.rewriteFailedPlain);
      }
    },
  };
}
