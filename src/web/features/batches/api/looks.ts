import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Look, LookInput } from '#contracts/looks.ts';
import { callApi } from '#web/lib/api-client.ts';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { createLook, deleteLook, listLooks } from '#contracts/routes.ts';

/** GET /api/workspaces/:id/looks: read only when the workspace's plan has brand kits. */
export function useLooks(workspaceId: string | undefined, enabled: boolean): UseQueryResult<{ looks: Look[] }> {
  return useQuery({ ...contractQuery(listLooks, { params: { workspaceId: workspaceId ?? '' } }), enabled: enabled && !!workspaceId });
}

/** POST /api/workspaces/:id/looks: the list reloads with the new look. */
export function useCreateLook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LookInput) => callApi(createLook, { params: { workspaceId }, body }),
    onSuccess: () => invalidateContract(queryClient, listLooks),
  });
}

/** DELETE /api/workspaces/:id/looks/:lookId (owners and admins). */
export function useDeleteLook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lookId: string) => callApi(deleteLook, { params: { workspaceId, lookId } }),
    onSuccess: () => invalidateContract(queryClient, listLooks),
  });
}
