import { useMutation } from '@tanstack/react-query';
import { rewritePrompt } from '#contracts/prompts.ts';
import { callApi } from '#web/lib/api-client.ts';

/** POST /api/prompts/rewrite: the prompt changed as the goal asks. */
export function rewriteImagePrompt(input: { prompt: string; goal: string }) {
  return callApi(rewritePrompt, { body: { ...input, kind: 'image' } });
}

export function useRewritePrompt() {
  return useMutation({ mutationKey: ['image-studio', 'rewrite'], mutationFn: rewriteImagePrompt });
}
