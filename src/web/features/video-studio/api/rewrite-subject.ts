import { useMutation } from '@tanstack/react-query';
import { rewritePrompt } from '#contracts/prompts.ts';
import { callApi } from '#web/lib/api-client.ts';

/** POST /api/prompts/rewrite with kind 'video': the subject changed as the user asks. */
export function rewriteVideoSubject(input: { subject: string; change: string }) {
  return callApi(rewritePrompt, { body: { prompt: input.subject, goal: input.change, kind: 'video' } });
}

export function useRewriteSubject() {
  return useMutation({ mutationKey: ['video-studio', 'rewrite'], mutationFn: rewriteVideoSubject });
}
