import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { brandKitField } from '#web/lib/brand-kits/brand-kit-choice.ts';
import { rewritePrompt } from '#contracts/routes.ts';

/** POST /api/prompts/rewrite: the prompt changed as the goal asks. */
export function rewriteImagePrompt({ brandKitId, ...input }: { prompt: string; goal: string; brandKitId?: string | null | undefined }) {
  return callApi(rewritePrompt, { body: { ...input, kind: 'image', ...brandKitField(brandKitId) } });
}

export function useRewritePrompt() {
  return useMutation({ mutationKey: ['image-studio', 'rewrite'], mutationFn: rewriteImagePrompt });
}
