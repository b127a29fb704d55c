import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client.ts';
import { enhancePrompt } from '#contracts/routes.ts';

/** POST /api/prompts/enhance: a clearer, more detailed prompt with the same intent (on-brand with a kit). */
export function enhanceImagePrompt({ prompt, brandKitId }: { prompt: string; brandKitId?: string | null | undefined }) {
  return callApi(enhancePrompt, { body: { prompt, kind: 'image', ...(brandKitId ? { brandKitId } : {}) } });
}

export function useEnhancePrompt() {
  return useMutation({ mutationKey: ['prompts', 'enhance'], mutationFn: enhanceImagePrompt });
}
