import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { WEBHOOK_ENDPOINTS_PER_WORKSPACE, webhookMessages, type WebhookEndpoint } from '#contracts/webhooks.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { developerTexts } from '../texts.ts';
import { AddEndpointDialog } from './add-endpoint-dialog.tsx';
import { SectionSpinner } from './developers-gate.tsx';
import { EndpointCard } from './endpoint-card.tsx';
import { SecretReveal } from './secret-reveal.tsx';

/** The workspace's webhook endpoints: add (the secret shown once), switch, test, rotate, delete, delivery logs. */
export function WebhooksSection({ workspaceId }: { workspaceId: string }) {
  const endpoints = useWebhookEndpoints(workspaceId);
  const remove = useDeleteWebhookEndpoint(workspaceId);
  const rotate = useRotateWebhookSecret(workspaceId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [newSecret, setNewSecret] = useState<{ url: string; secret: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const count = endpoints.data?.endpoints.length ?? 0;
  const full = count >= WEBHOOK_ENDPOINTS_PER_WORKSPACE;

  let body;
  if (endpoints.isError) body = <LoadError title={developerTexts.webhooksLoadFailed} query={endpoints} />;
  else if (!endpoints.data) body = <SectionSpinner label={developerTexts.loading} />;
  else if (count === 0)
    body = (
      <Card className="flex flex-col items-center gap-3 px-5 py-10 text-center sm:px-6" data-testid="webhooks-empty">
        <h3 className="text-lg font-semibold text-ink-900">{developerTexts.endpointsEmptyTitle}</h3>
        <p className="max-w-md text-sm text-ink-600">{developerTexts.endpointsEmptyText}</p>
      </Card>
    );
  else
    body = (
      <ul className="flex flex-col gap-3" aria-label={developerTexts.endpointsOf} data-testid="webhook-endpoints">
        {endpoints.data.endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            workspaceId={workspaceId}
            endpoint={endpoint}
            onRotate={(opener) => {
              rotate.reset();
              returnFocus.current = opener;
              setRotating(endpoint);
            }}
            onDelete={(opener) => {
              remove.reset();
              returnFocus.current = opener;
              setDeleting(endpoint);
            }}
          />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="webhooks-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink-900 focus:outline-none">
            {developerTexts.webhooksHeading}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-ink-600">{developerTexts.webhooksIntro}</p>
        </div>
        {!full && (
          <Button onClick={() => setAdding(true)} className="self-start sm:self-auto">
            <Plus className="size-4" aria-hidden="true" />
            {developerTexts.addEndpoint}
          </Button>
        )}
      </div>
      {full && <Alert tone="info">{webhookMessages.tooManyEndpoints}</Alert>}
      {body}
      <AddEndpointDialog workspaceId={workspaceId} open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title={developerTexts.rotateTitle}
        description={developerTexts.rotateIntro}
        confirmLabel={developerTexts.rotateConfirm}
        tone="danger"
        pending={rotate.isPending}
        error={rotate.error}
        errorTitle={developerTexts.actionFailed}
        returnFocusTo={returnFocus}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating.id, {
            onSuccess: (answer) => {
              setRotating(null);
              setNewSecret({ url: answer.endpoint.url, secret: answer.secret });
            },
          });
        }}
      />
      <Dialog open={newSecret !== null} onOpenChange={(open) => !open && setNewSecret(null)}>
        <DialogContent title={developerTexts.rotatedTitle} returnFocusTo={returnFocus}>
          {newSecret && (
            <SecretReveal
              intro={newSecret.url}
              label={developerTexts.signingSecret}
              what={developerTexts.signingSecretWhat}
              secret={newSecret.secret}
              warning={developerTexts.secretShownOnce}
              testId="webhook-secret"
            />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={developerTexts.deleteTitle}
        description={developerTexts.deleteIntro(deleting?.url ?? '')}
        confirmLabel={developerTexts.deleteConfirm}
        tone="danger"
        pending={remove.isPending}
        error={remove.error}
        errorTitle={developerTexts.actionFailed}
        returnFocusTo={returnFocus}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              // Its buttons are gone: focus lands on the section's heading.
              returnFocus.current = heading.current;
              setDeleting(null);
              toast(developerTexts.deleted, 'success');
            },
          });
        }}
      />
    </section>
  );
}
