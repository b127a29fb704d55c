import { useState, type FormEvent } from 'react';
import { WEBHOOK_DESCRIPTION_MAX, subscribableEvents, webhookEventInfo, webhookMessages } from '#contracts/webhooks.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { developerTexts } from '../texts.ts';
import { ChoiceList } from './choice-list.tsx';
import { SecretReveal } from './secret-reveal.tsx';

type SubscribableEvent = (typeof subscribableEvents)[number];

/** Whether the browser reads it as an http(s) address with a host (the server decides the rest: https, private targets). */
function looksLikeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * 'Add endpoint': URL, description and events; once added, its signing secret in their place, the
 * only time it is shown.
 */
export function AddEndpointDialog({
  workspaceId,
  open,
  onOpenChange,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateWebhookEndpoint(workspaceId);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<Set<SubscribableEvent>>(() => new Set(subscribableEvents));
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      create.reset();
      setUrl('');
      setDescription('');
      setEvents(new Set(subscribableEvents));
      setErrors({});
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    const found: { url?: string; events?: string } = {};
    if (trimmed === '') found.url = webhookMessages.urlRequired;
    else if (!looksLikeUrl(trimmed)) found.url = webhookMessages.urlInvalid;
    if (events.size === 0) found.events = webhookMessages.eventsRequired;
    setErrors(found);
    if (found.url || found.events) return;
    create.mutate({ url: trimmed, description: description.trim(), events: subscribableEvents.filter((e) => events.has(e)) });
  }

  const added = create.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={added ? developerTexts.endpointAddedTitle : developerTexts.addEndpointTitle}>
        {added ? (
          <SecretReveal
            intro={added.endpoint.url}
            label={developerTexts.signingSecret}
            what={developerTexts.signingSecretWhat}
            secret={added.secret}
            warning={developerTexts.secretShownOnce}
            testId="webhook-secret"
          />
        ) : (
          <form className="flex flex-col gap-5" noValidate onSubmit={submit} aria-label={developerTexts.addEndpointTitle}>
            <Field label={developerTexts.endpointUrl} hint={developerTexts.endpointUrlHint} error={errors.url} required>
              <Input
                type="url"
                inputMode="url"
                value={url}
                placeholder={developerTexts.endpointUrlPlaceholder}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setUrl(event.target.value)}
              />
            </Field>
            <Field label={developerTexts.endpointDescription}>
              <Input
                value={description}
                maxLength={WEBHOOK_DESCRIPTION_MAX}
                placeholder={developerTexts.endpointDescriptionPlaceholder}
                onChange={(event) => setDescription(event.target.value)}
              />
            </Field>
            <ChoiceList
              legend={developerTexts.events}
              options={subscribableEvents}
              info={webhookEventInfo}
              chosen={events}
              onChange={setEvents}
              error={errors.events}
            />
            {create.error != null && (
              <Alert tone="error" title={developerTexts.addFailed}>
                {userMessage(create.error, developerTexts.addFailed)}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">{developerTexts.cancel}</Button>
              </DialogClose>
              <Button type="submit" loading={create.isPending}>
                {create.isPending ? developerTexts.adding : developerTexts.addEndpoint}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
