import { useMutation } from '@tanstack/react-query';
import type { PublishRequest } from '#contracts/stores.ts';
import { callApi } from '#web/lib/api-client.ts';
import { usePublicationsChanged } from './list-publications.ts';
import { useStoreProductsChanged } from './list-store-products.ts';
import { publishToStore } from '#contracts/routes.ts';

/** POST …/store/publications: one durable publish job per klip and product. */
export function usePublishToStore(workspaceId: string) {
  const publicationsChanged = usePublicationsChanged();
  const productsChanged = useStoreProductsChanged();
  return useMutation({
    mutationFn: (body: PublishRequest) => callApi(publishToStore, { params: { workspaceId }, body }),
    onSuccess: () => {
      void publicationsChanged();
      void productsChanged();
    },
  });
}
