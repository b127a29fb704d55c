import { useMutation } from '@tanstack/react-query';
import { usePublicationsChanged } from '#web/components/stores/api/list-publications.ts';
import { callApi } from '#web/lib/api-client.ts';
import { publishBatchToStore } from '#contracts/routes.ts';

/** POST …/store/batches/:batchId/publish ('Publish all'): every finished image onto the product it was made from. */
export function usePublishBatchToStore(workspaceId: string, batchId: string) {
  const changed = usePublicationsChanged();
  return useMutation({
    mutationFn: (featured: boolean) => callApi(publishBatchToStore, { params: { workspaceId, batchId }, body: { featured } }),
    onSuccess: () => void changed(),
  });
}
