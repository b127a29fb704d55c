import { useMutation } from '@tanstack/react-query';
import type { BrandKitChanges } from '#contracts/brand-kits.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useKitAnswered, useKitsChanged } from './list-brand-kits.ts';
import { updateBrandKit } from '#contracts/routes.ts';

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
