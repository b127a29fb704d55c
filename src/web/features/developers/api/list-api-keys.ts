import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { listApiKeys } from '#contracts/routes.ts';

/** The workspace's API keys, newest first (revoked ones too). */
export const apiKeysQueryOptions = (workspaceId: string) => contractQuery(listApiKeys, { params: { workspaceId } });

export function useApiKeys(workspaceId: string) {
  return useQuery(apiKeysQueryOptions(workspaceId));
}

/** After a key was created or revoked: the list reloads. */
export function useApiKeysChanged() {
  const queryClient = useQueryClient();
  return () => invalidateContract(queryClient, listApiKeys);
}
