import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { usePublicationsChanged } from './list-publications.ts';
import { retryPublication } from '#contracts/routes.ts';

/** POST …/store/publications/:id/retry: a failed publication is queued again. */
export function useRetryPublication(workspaceId: string) {
  const changed = usePublicationsChanged();
  return useMutation({
    mutationFn: (publicationId: string) => callApi(retryPublication, { params: { workspaceId, publicationId } }),
    onSuccess: () => void changed(),
  });
}
