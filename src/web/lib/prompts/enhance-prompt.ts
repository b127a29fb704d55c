import { useMutation } from '@tanstack/react-query';
import { enhancePrompt } from '#contracts/prompts.ts';
import { callApi } from '../api-client.ts';

/** POST /api/prompts/enhance: a clearer, more detailed prompt with the same intent. */
export function enhanceImagePrompt(prompt: string) {
  return callApi(enhancePrompt, { body: { prompt, kind: 'image' } });
}

export function useEnhancePrompt() {
  return useMutation({ mutationKey: ['prompts', 'enhance'], mutationFn: enhanceImagePrompt });
}
