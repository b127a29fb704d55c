import { webhookEventInfo, type WebhookDelivery, type WebhookDeliveryStatus } from '#contracts/webhooks.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries.ts';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery.ts';
import { when } from '../lib/dates.ts';
import { developerTexts } from '../texts.ts';
import { SectionSpinner } from './developers-gate.tsx';

const statusTones: Record<WebhookDeliveryStatus, BadgeTone> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

/** An endpoint's delivery log: newest first, 'Load more', Re-send; refreshed while a delivery is pending. */
export function DeliveriesPanel({
  workspaceId,
  endpointId,
  url,
  id,
}: {
  workspaceId: string;
  endpointId: string;
  url: string;
  id: string;
}) {
  const deliveries = useWebhookDeliveries(workspaceId, endpointId);
  const resend = useResendWebhookDelivery(workspaceId, endpointId);
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];

  let body;
  if (deliveries.isError && rows.length === 0) body = <LoadError title={developerTexts.deliveriesLoadFailed} query={deliveries} />;
  else if (deliveries.isPending) body = <SectionSpinner label={developerTexts.deliveriesLoading} />;
  else if (rows.length === 0) body = <p className="text-sm text-ink-600">{developerTexts.noDeliveries}</p>;
  else
    body = (
      <>
        <ul className="flex flex-col gap-2" data-testid="webhook-deliveries">
          {rows.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              resending={resend.isPending && resend.variables === delivery.id}
              onResend={() =>
                resend.mutate(delivery.id, {
                  onSuccess: () => toast(developerTexts.resent, 'success'),
                  onError: (error) => toast(userMessage(error, developerTexts.actionFailed), 'error'),
                })
              }
            />
          ))}
        </ul>
        {deliveries.hasNextPage && (
          <Button
            variant="secondary"
            size="sm"
            className="self-center"
            loading={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          >
            {developerTexts.loadMore}
          </Button>
        )}
        {deliveries.isFetchNextPageError && <LoadError title={developerTexts.deliveriesLoadFailed} query={deliveries} />}
      </>
    );

  return (
    <section id={id} aria-label={developerTexts.deliveryLogOf(url)} className="flex flex-col gap-3 border-t border-ink-100 pt-4">
      <h4 className="text-sm font-semibold text-ink-900">{developerTexts.deliveries}</h4>
      {body}
    </section>
  );
}

function DeliveryRow({ delivery, resending, onResend }: { delivery: WebhookDelivery; resending: boolean; onResend: () => void }) {
  const event = webhookEventInfo[delivery.eventType].label;
  const created = when(delivery.createdAt, 'dateTime');
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-ink-200 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="webhook-delivery"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-ink-900">{event}</span>
          <Badge tone={statusTones[delivery.status]}>{developerTexts.deliveryStatus[delivery.status]}</Badge>
          <code className="font-mono text-[11px] break-all text-ink-500">{delivery.id}</code>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs sm:flex sm:flex-wrap sm:gap-x-4">
          <Fact
            label={developerTexts.responseCode}
            value={delivery.responseCode === null ? developerTexts.noResponse : String(delivery.responseCode)}
          />
          <Fact
            label={developerTexts.duration}
            value={delivery.durationMs === null ? '—' : developerTexts.durationMs(delivery.durationMs)}
          />
          <Fact label={developerTexts.attempts} value={String(delivery.attempts)} />
          <Fact label={developerTexts.createdAt} value={created} />
          <Fact
            label={developerTexts.nextRetry}
            value={delivery.nextAttemptAt ? when(delivery.nextAttemptAt, 'dateTime') : developerTexts.noRetry}
          />
        </dl>
        {delivery.error && <p className="text-xs break-words text-danger-700">{delivery.error}</p>}
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        loading={resending}
        aria-label={developerTexts.resendDelivery(event, created)}
        onClick={onResend}
      >
        {developerTexts.resend}
      </Button>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-ink-500">{label}:</dt>
      <dd className="font-medium text-ink-800">{value}</dd>
    </div>
  );
}
