import { useMutation } from '@tanstack/react-query';
import { deleteBrandFont } from '#contracts/brand-kits.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useKitsChanged } from './list-brand-kits.ts';

export function useDeleteBrandFont(workspaceId: string) {
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, 'delete-font'],
    mutationFn: (fontId: string) => callApi(deleteBrandFont, { params: { workspaceId, fontId } }),
    onSuccess: () => changed(),
  });
}
