import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '#web/lib/api-client.ts';
import { useKitsChanged } from './list-brand-kits.ts';
import { uploadBrandFont } from '#contracts/routes.ts';

export function useUploadBrandFont(workspaceId: string) {
  const changed = useKitsChanged();
  return useMutation({
    mutationKey: ['brand-kits', workspaceId, 'upload-font'],
    mutationFn: (file: File) => uploadFile(uploadBrandFont, file, { params: { workspaceId } }),
    onSuccess: () => changed(),
  });
}
