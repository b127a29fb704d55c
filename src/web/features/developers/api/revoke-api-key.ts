import { useMutation } from '@tanstack/react-query';
import { revokeApiKey } from '#contracts/api-keys.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useApiKeysChanged } from './list-api-keys.ts';

export function useRevokeApiKey(workspaceId: string) {
  const changed = useApiKeysChanged();
  return useMutation({
    mutationKey: ['api-keys', workspaceId, 'revoke'],
    mutationFn: (keyId: string) => callApi(revokeApiKey, { params: { workspaceId, keyId } }),
    onSuccess: () => changed(),
  });
}
