import { useMutation } from '@tanstack/react-query';
import type { BrandKitInput } from '#contracts/brand-kits.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useKitAnswered, useKitsChanged } from './list-brand-kits.ts';
import { createBrandKit } from '#contracts/routes.ts';

export function useCreateBrandKit(workspaceId: string) {
  const answered = useKitAnswered(workspaceId);
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, 'create'],
    mutationFn: (body: BrandKitInput) => callApi(createBrandKit, { params: { workspaceId }, body }),
    onSuccess: async (kit) => {
      answered(kit);
      await changed();
    },
  });
}
