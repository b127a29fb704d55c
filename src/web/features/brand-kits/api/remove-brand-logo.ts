import { useMutation } from '@tanstack/react-query';
import type { LogoVariant } from '#contracts/brand-kits.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useKitAnswered, useKitsChanged } from './list-brand-kits.ts';
import { removeBrandLogo } from '#contracts/routes.ts';

export function useRemoveBrandLogo(workspaceId: string, kitId: string, variant: LogoVariant) {
  const answered = useKitAnswered(workspaceId);
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, kitId, 'remove-logo', variant],
    mutationFn: () => callApi(removeBrandLogo, { params: { workspaceId, kitId, variant } }),
    onSuccess: async (kit) => {
      answered(kit);
      await changed();
    },
  });
}
