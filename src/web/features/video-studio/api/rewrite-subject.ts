import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { brandKitField } from '#web/lib/brand-kits/brand-kit-choice.ts';
import { rewritePrompt } from '#contracts/routes.ts';

/** POST /api/prompts/rewrite with kind 'video': the subject changed as the user asks. */
export function rewriteVideoSubject(input: { subject: string; change: string; brandKitId?: string | null | undefined }) {
  return callApi(rewritePrompt, {
    body: { prompt: input.subject, goal: input.change, kind: 'video', ...brandKitField(input.brandKitId) },
  });
}

export function useRewriteSubject() {
  return useMutation({ mutationKey: ['video-studio', 'rewrite'], mutationFn: rewriteVideoSubject });
}
