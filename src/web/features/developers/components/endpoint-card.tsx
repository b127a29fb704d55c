import { useState } from 'react';
import { webhookEventInfo, type WebhookEndpoint } from '#contracts/webhooks.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import { when } from '../lib/dates.ts';
import { developerTexts } from '../texts.ts';
import { DeliveriesPanel } from './deliveries-panel.tsx';

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.enabled) return <Badge tone="success">{developerTexts.statusActive}</Badge>;
  if (endpoint.disabledReason === 'failing') return <Badge tone="danger">{developerTexts.statusFailing}</Badge>;
  return <Badge tone="neutral">{developerTexts.statusOff}</Badge>;
}

/** One endpoint: its URL, description, events and status, the switch, test, rotate, delete, and its delivery log. */
export function EndpointCard({
  workspaceId,
  endpoint,
  onRotate,
  onDelete,
}: {
  workspaceId: string;
  endpoint: WebhookEndpoint;
  /** Called with the button that asked, to give focus back to. */
  onRotate: (opener: HTMLElement) => void;
  onDelete: (opener: HTMLElement) => void;
}) {
  const update = useUpdateWebhookEndpoint(workspaceId, endpoint.id);
  const test = useSendTestWebhook(workspaceId, endpoint.id);
  const [open, setOpen] = useState(false);
  const titleId = `endpoint-${endpoint.id}`;
  const panelId = `endpoint-${endpoint.id}-deliveries`;

  return (
    <li>
      <Card role="group" aria-labelledby={titleId} data-testid="webhook-endpoint" className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1.5">
            <h3 id={titleId} className="font-mono text-sm font-semibold break-all text-ink-900">
              {endpoint.url}
            </h3>
            {endpoint.description && <p className="text-sm break-words text-ink-600">{endpoint.description}</p>}
            <div className="flex flex-wrap items-center gap-2">
              <EndpointStatus endpoint={endpoint} />
              {endpoint.enabled && endpoint.failingSince && (
                <span className="text-xs font-medium text-amber-800">
                  {developerTexts.failingSince(when(endpoint.failingSince, 'dateTime'))}
                </span>
              )}
            </div>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              checked={endpoint.enabled}
              disabled={update.isPending}
              aria-label={developerTexts.enabledLabel(endpoint.url)}
              onCheckedChange={(enabled) =>
                update.mutate(
                  { enabled },
                  {
                    onSuccess: () => toast(enabled ? developerTexts.switchedOn : developerTexts.switchedOff, 'success'),
                    onError: (error) => toast(userMessage(error, developerTexts.actionFailed), 'error'),
                  },
                )
              }
            />
          </div>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label={developerTexts.eventsOf(endpoint.url)}>
          {endpoint.events.map((event) => (
            <li key={event}>
              <Badge tone="brand" title={webhookEventInfo[event].description}>
                {webhookEventInfo[event].label}
              </Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={developerTexts.deliveriesOf(endpoint.url)}
            onClick={() => setOpen((o) => !o)}
          >
            {developerTexts.deliveries}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={test.isPending}
            disabled={!endpoint.enabled}
            title={endpoint.enabled ? undefined : developerTexts.sendTestOff}
            aria-label={developerTexts.sendTestTo(endpoint.url)}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => {
                  setOpen(true);
                  toast(developerTexts.testSent, 'success');
                },
                onError: (error) => toast(userMessage(error, developerTexts.actionFailed), 'error'),
              })
            }
          >
            {developerTexts.sendTest}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={developerTexts.rotateFor(endpoint.url)}
            onClick={(event) => onRotate(event.currentTarget)}
          >
            {developerTexts.rotate}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-danger-700 hover:bg-danger-50"
            aria-label={developerTexts.deleteEndpointFor(endpoint.url)}
            onClick={(event) => onDelete(event.currentTarget)}
          >
            {developerTexts.deleteEndpoint}
          </Button>
        </div>
        {open && <DeliveriesPanel workspaceId={workspaceId} endpointId={endpoint.id} url={endpoint.url} id={panelId} />}
      </Card>
    </li>
  );
}
