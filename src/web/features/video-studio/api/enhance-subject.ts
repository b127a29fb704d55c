import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { brandKitField } from '#web/lib/brand-kits/brand-kit-choice.ts';
import { enhancePrompt } from '#contracts/routes.ts';

/** POST /api/prompts/enhance with kind 'video': a clearer subject with the same intent. */
export function enhanceVideoSubject({ subject, brandKitId }: { subject: string; brandKitId?: string | null | undefined }) {
  return callApi(enhancePrompt, { body: { prompt: subject, kind: 'video', ...brandKitField(brandKitId) } });
}

export function useEnhanceSubject() {
  return useMutation({ mutationKey: ['video-studio', 'enhance'], mutationFn: enhanceVideoSubject });
}
