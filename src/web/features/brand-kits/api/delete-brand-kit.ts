import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useKitsChanged } from './list-brand-kits.ts';
import { deleteBrandKit } from '#contracts/routes.ts';

export function useDeleteBrandKit(workspaceId: string) {
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, 'delete'],
    mutationFn: (kitId: string) => callApi(deleteBrandKit, { params: { workspaceId, kitId } }),
    // The oldest other kit may have become the default.
    onSuccess: () => changed(),
  });
}
