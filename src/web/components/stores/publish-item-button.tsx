import { UploadCloud } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { usePublishToStore } from './api/publish-to-store.ts';
import { storeComponentTexts as texts } from '#web/lib/texts.ts';

/** Publishes one klip onto the product it was made from (a batch item picked from the store). */
export function PublishItemButton({
  workspaceId,
  klipId,
  product,
}: {
  workspaceId: string;
  klipId: string;
  product: { id: string; title: string };
}) {
  const publish = usePublishToStore(workspaceId);
  const onPublish = () =>
    publish.mutate(
      { items: [{ klipId, productId: product.id }] },
      {
        onSuccess: () => toast(texts.published, 'success'),
        onError: (error) => toast(userMessage(error, texts.publishFailed), 'error'),
      },
    );
  return (
    <Button
      variant="secondary"
      size="sm"
      className="h-7 self-start px-2 text-xs"
      loading={publish.isPending}
      onClick={onPublish}
      aria-label={texts.publishTo(product.title)}
    >
      {!publish.isPending && <UploadCloud className="size-3.5" aria-hidden="true" />}
      {texts.publish}
    </Button>
  );
}
