import { useMutation } from '@tanstack/react-query';
import type { LogoVariant } from '#contracts/brand-kits.ts';
import { uploadFile } from '#web/lib/api-client.ts';
import { useKitAnswered, useKitsChanged } from './list-brand-kits.ts';
import { uploadBrandLogo } from '#contracts/routes.ts';

export function useUploadBrandLogo(workspaceId: string, kitId: string, variant: LogoVariant) {
  const answered = useKitAnswered(workspaceId);
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, kitId, 'logo', variant],
    mutationFn: (file: File) => uploadFile(uploadBrandLogo, file, { params: { workspaceId, kitId, variant } }),
    onSuccess: async (kit) => {
      answered(kit);
      await changed();
    },
  });
}
