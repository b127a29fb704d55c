import { useMutation } from '@tanstack/react-query';
import type { ApiKeyInput } from '#contracts/api-keys.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useApiKeysChanged } from './list-api-keys.ts';
import { createApiKey } from '#contracts/routes.ts';

/** Creates a key; its answer holds the secret, the only time it is shown. */
export function useCreateApiKey(workspaceId: string) {
  const changed = useApiKeysChanged();
  return useMutation({
    mutationKey: ['api-keys', workspaceId, 'create'],
    mutationFn: (body: ApiKeyInput) => callApi(createApiKey, { params: { workspaceId }, body }),
    onSuccess: () => changed(),
  });
}
