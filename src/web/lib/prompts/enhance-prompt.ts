import { useMutation } from '@tanstack/react-query';
import { enhancePrompt } from '#contracts/prompts.ts';
import { callApi } from '../api-client.ts';

/** POST /api/prompts/enhance: a clearer, more detailed prompt with the same intent (on-brand with a kit). */
export function enhanceImagePrompt({ prompt, brandKitId }: { prompt: string; brandKitId?: string | null | undefined }) {
  return callApi(enhancePrompt, { body: { prompt, kind: 'image', ...(brandKitId ? { brandKitId } : {}) } });
}

export function useEnhancePrompt() {
  return useMutation({ mutationKey: ['prompts', 'enhance'], mutationFn: enhanceImagePrompt });
}
