import { RotateCcw } from 'lucide-react';
import type { Publication, PublicationStatus } from '#contracts/stores.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useRetryPublication } from './api/retry-publication.ts';
import { storeComponentTexts as texts } from '#web/lib/texts.ts';

const tones: Record<PublicationStatus, BadgeTone> = { queued: 'neutral', publishing: 'brand', published: 'success', failed: 'danger' };

export function PublicationStatusBadge({ status, className }: { status: PublicationStatus; className?: string }) {
  return (
    <Badge tone={tones[status]} className={className} data-testid="publication-status">
      {status === 'publishing' && <Spinner size="sm" className="size-3 text-current" />}
      {texts.publicationStatus[status]}
    </Badge>
  );
}

/** A publication's state: its badge, Shopify's reason when it failed, and 'Retry' for a failed one. */
export function PublicationState({ workspaceId, publication }: { workspaceId: string; publication: Publication }) {
  const retry = useRetryPublication(workspaceId);
  const onRetry = () =>
    retry.mutate(publication.id, {
      onSuccess: () => toast(texts.retrying, 'success'),
      onError: (error) => toast(userMessage(error, texts.retryFailed), 'error'),
    });
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <PublicationStatusBadge status={publication.status} />
        {publication.featured && <Badge tone="brand">{texts.featuredBadge}</Badge>}
        {publication.status === 'failed' && (
          <Button
            variant="secondary"
            size="sm"
            className="h-7 px-2 text-xs"
            loading={retry.isPending}
            onClick={onRetry}
            aria-label={texts.retryOf(publication.productTitle)}
          >
            {!retry.isPending && <RotateCcw className="size-3.5" aria-hidden="true" />}
            {texts.retry}
          </Button>
        )}
      </div>
      {publication.status === 'failed' && publication.error && (
        <p className="text-xs font-medium break-words text-danger-700">{publication.error}</p>
      )}
    </div>
  );
}
