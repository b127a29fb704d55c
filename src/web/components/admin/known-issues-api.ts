import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnownIssue } from '#contracts/known-issues.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { contractQuery, invalidateContract } from '../../lib/contract-query.ts';
import { knownIssuesTexts } from '../../lib/texts.ts';
import { addKnownIssue, deleteKnownIssue, editKnownIssue, listKnownIssues } from '#contracts/routes.ts';

const knownIssuesQueryOptions = contractQuery(listKnownIssues, undefined, { staleTime: 60_000 });

/** GET /api/admin/known-issues: every admin's notes, newest first. */
export function useKnownIssues() {
  return useQuery(knownIssuesQueryOptions);
}

/**
 * Writes a change into the cached list at once, then reloads it: other admins share the list, so
 * their notes appear too.
 */
function useUpdateIssues() {
  const queryClient = useQueryClient();
  return (change: (issues: KnownIssue[]) => KnownIssue[]) => {
    queryClient.setQueryData(knownIssuesQueryOptions.queryKey, (data) => data && { issues: change(data.issues) });
    void invalidateContract(queryClient, listKnownIssues);
  };
}

export function useAddKnownIssue() {
  const update = useUpdateIssues();
  return useMutation({
    mutationFn: (text: string) => callApi(addKnownIssue, { body: { text } }),
    onSuccess: (issue) => update((issues) => [issue, ...issues.filter((i) => i.id !== issue.id)]),
  });
}

export function useEditKnownIssue() {
  const update = useUpdateIssues();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => callApi(editKnownIssue, { params: { id }, body: { text } }),
    onSuccess: (issue) => update((issues) => issues.map((i) => (i.id === issue.id ? issue : i))),
  });
}

export function useDeleteKnownIssue() {
  const update = useUpdateIssues();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteKnownIssue, { params: { id } }),
    onSuccess: (_, id) => update((issues) => issues.filter((i) => i.id !== id)),
  });
}

/** A rule the server refused (blank, too long, gone) keeps its own message; anything else is a failed save. */
export function knownIssueError(error: unknown): string {
  if (error instanceof ApiError && error.fromServer && error.status >= 400 && error.status < 500) return error.message;
  return knownIssuesTexts.saveFailed;
}
