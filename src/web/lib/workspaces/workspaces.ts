import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { WorkspaceList, WorkspaceSummary } from '#contracts/workspaces.ts';
import { callApi } from '../api-client.ts';
import { contractQuery, isContractKey } from '../contract-query.ts';
import { createTeam, getSession, getSettings, listWorkspaces, previewInvitation, selectWorkspace } from '#contracts/routes.ts';

/** Your workspaces (personal first, then teams) and the current one: the header's switcher reads this one query. */
export const workspacesQueryOptions = contractQuery(listWorkspaces, undefined, { staleTime: 60_000 });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions);
}

/** The workspace you are working in, once the list is loaded. */
export function currentWorkspace(list: WorkspaceList | undefined): WorkspaceSummary | undefined {
  return list?.workspaces.find((w) => w.id === list.currentId);
}

export function useCurrentWorkspace(): WorkspaceSummary | undefined {
  return currentWorkspace(useWorkspaces().data);
}

/** Answers that follow the workspace but are refreshed in place (not reset), so the shell never blinks. */
const refreshedInPlace = (key: QueryKey) => isContractKey(key, getSession) || isContractKey(key, listWorkspaces);

/** Queries that do not depend on the workspace: the settings, an invitation's preview. */
const sameInEveryWorkspace = (key: QueryKey) => isContractKey(key, getSettings) || isContractKey(key, previewInvitation);

/**
 * After the current workspace changed (switched, a team created, an invitation accepted): every
 * workspace-scoped answer in the cache belongs to the old one (the library, models, batches, credit
 * history, billing), so they are reset, and the pages on screen load the new workspace's; the
 * session (its credit balance) and the workspace list refresh in place.
 */
export async function workspaceChanged(queryClient: QueryClient, now: WorkspaceSummary): Promise<void> {
  queryClient.setQueryData(workspacesQueryOptions.queryKey, (list) =>
    list
      ? {
          currentId: now.id,
          workspaces: list.workspaces.some((w) => w.id === now.id)
            ? list.workspaces.map((w) => (w.id === now.id ? now : w))
            : [...list.workspaces, now],
        }
      : list,
  );
  await Promise.all([
    queryClient.resetQueries({ predicate: ({ queryKey }) => !refreshedInPlace(queryKey) && !sameInEveryWorkspace(queryKey) }),
    queryClient.invalidateQueries({ predicate: ({ queryKey }) => refreshedInPlace(queryKey) }),
  ]);
}

/** Work in another of your workspaces; the server keeps the choice across reloads and devices. */
export function useSelectWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workspaces', 'select'],
    mutationFn: (workspaceId: string) => callApi(selectWorkspace, { body: { workspaceId } }),
    onSuccess: (now) => workspaceChanged(queryClient, now),
  });
}

/** Create a team: you own it and start working in it. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workspaces', 'create'],
    mutationFn: (name: string) => callApi(createTeam, { body: { name } }),
    onSuccess: (team) => workspaceChanged(queryClient, team),
  });
}
