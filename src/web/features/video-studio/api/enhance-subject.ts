import { useMutation } from '@tanstack/react-query';
import { enhancePrompt } from '#contracts/prompts.ts';
import { callApi } from '#web/lib/api-client.ts';

/** POST /api/prompts/enhance with kind 'video': a clearer subject with the same intent. */
export function enhanceVideoSubject(subject: string) {
  return callApi(enhancePrompt, { body: { prompt: subject, kind: 'video' } });
}

export function useEnhanceSubject() {
  return useMutation({ mutationKey: ['video-studio', 'enhance'], mutationFn: enhanceVideoSubject });
}
