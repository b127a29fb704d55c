import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useKitsChanged } from './list-brand-kits.ts';
import { makeDefaultBrandKit } from '#contracts/routes.ts';

export function useMakeDefaultBrandKit(workspaceId: string) {
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, 'default'],
    mutationFn: (kitId: string) => callApi(makeDefaultBrandKit, { params: { workspaceId, kitId } }),
    // Another kit stops being the default, and the order changes: the whole list reloads.
    onSuccess: () => changed(),
  });
}
