import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useKitsChanged } from './list-brand-kits.ts';
import { deleteBrandFont } from '#contracts/routes.ts';

export function useDeleteBrandFont(workspaceId: string) {
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, 'delete-font'],
    mutationFn: (fontId: string) => callApi(deleteBrandFont, { params: { workspaceId, fontId } }),
    onSuccess: () => changed(),
  });
}
