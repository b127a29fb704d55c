import { useMutation } from '@tanstack/react-query';
import { updateBrandKit, type BrandKitChanges } from '#contracts/brand-kits.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useKitAnswered, useKitsChanged } from './list-brand-kits.ts';

export function useUpdateBrandKit(workspaceId: string, kitId: string) {
  const answered = useKitAnswered(workspaceId);
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, kitId, 'update'],
    mutationFn: (body: BrandKitChanges) => callApi(updateBrandKit, { params: { workspaceId, kitId }, body }),
    onSuccess: async (kit) => {
      answered(kit);
      await changed();
    },
  });
}
