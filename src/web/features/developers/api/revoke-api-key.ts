import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useApiKeysChanged } from './list-api-keys.ts';
import { revokeApiKey } from '#contracts/routes.ts';

export function useRevokeApiKey(workspaceId: string) {
  const changed = useApiKeysChanged();
  return useMutation({
    mutationKey: ['api-keys', workspaceId, 'revoke'],
    mutationFn: (keyId: string) => callApi(revokeApiKey, { params: { workspaceId, keyId } }),
    onSuccess: () => changed(),
  });
}
