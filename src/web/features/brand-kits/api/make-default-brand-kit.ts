import { useMutation } from '@tanstack/react-query';
import { makeDefaultBrandKit } from '#contracts/brand-kits.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useKitsChanged } from './list-brand-kits.ts';

export function useMakeDefaultBrandKit(workspaceId: string) {
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, 'default'],
    mutationFn: (kitId: string) => callApi(makeDefaultBrandKit, { params: { workspaceId, kitId } }),
    // Another kit stops being the default, and the order changes: the whole list reloads.
    onSuccess: () => changed(),
  });
}
