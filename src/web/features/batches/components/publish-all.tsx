import { UploadCloud } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { usePublishBatchToStore } from '../api/publish-batch-to-store.ts';
import { batchesTexts } from '../texts.ts';

/** 'Publish all to store': every finished image of the batch onto the product it was made from. */
export function PublishAll({ workspaceId, batchId, finished }: { workspaceId: string; batchId: string; finished: number }) {
  const featuredId = useId();
  const [featured, setFeatured] = useState(false);
  const publish = usePublishBatchToStore(workspaceId, batchId);
  const onPublish = () =>
    publish.mutate(featured, {
      onSuccess: ({ publications }) => toast(batchesTexts.publishingAll(publications.length), 'success'),
    });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onPublish} loading={publish.isPending} disabled={finished === 0}>
          {!publish.isPending && <UploadCloud className="size-4" aria-hidden="true" />}
          {batchesTexts.publishAll}
        </Button>
        <span className="flex items-center gap-2">
          <input
            id={featuredId}
            type="checkbox"
            checked={featured}
            onChange={(e) => setFeatured(e.target.checked)}
            className="size-4 rounded border-ink-300 accent-brand-600"
          />
          <label htmlFor={featuredId} className="text-sm text-ink-700">
            {batchesTexts.publishAllFeatured}
          </label>
        </span>
      </div>
      {publish.error && (
        <Alert tone="error" title={batchesTexts.publishAllFailed}>
          {userMessage(publish.error)}
        </Alert>
      )}
    </div>
  );
}
