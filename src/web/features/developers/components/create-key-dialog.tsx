import { useState, type FormEvent } from 'react';
import {
  API_KEY_NAME_MAX,
  apiKeyExpiryChoices,
  apiKeyMessages,
  apiKeyScopeInfo,
  apiKeyScopes,
  type ApiKeyScope,
} from '#contracts/api-keys.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { developerTexts } from '../texts.ts';
import { ChoiceList } from './choice-list.tsx';
import { SecretReveal } from './secret-reveal.tsx';

const NEVER = 'never';
const expiryOptions = [
  { value: NEVER, label: developerTexts.expiryNever },
  ...apiKeyExpiryChoices.map((days) => ({ value: String(days), label: developerTexts.expiryDays(days) })),
];
const defaultScopes: readonly ApiKeyScope[] = ['generate', 'read'];

/**
 * 'Create API key': name, scopes and expiry; once created, the secret in its place, the only time
 * it is shown. Closing forgets it (the form and the answer both).
 */
export function CreateKeyDialog({
  workspaceId,
  open,
  onOpenChange,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateApiKey(workspaceId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(() => new Set(defaultScopes));
  const [expiry, setExpiry] = useState(NEVER);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      create.reset();
      setName('');
      setScopes(new Set(defaultScopes));
      setExpiry(NEVER);
      setErrors({});
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const found: { name?: string; scopes?: string } = {};
    if (trimmed === '') found.name = apiKeyMessages.nameRequired;
    else if (trimmed.length > API_KEY_NAME_MAX) found.name = apiKeyMessages.nameTooLong;
    if (scopes.size === 0) found.scopes = apiKeyMessages.scopesRequired;
    setErrors(found);
    if (found.name || found.scopes) return;
    create.mutate({
      name: trimmed,
      scopes: apiKeyScopes.filter((s) => scopes.has(s)),
      expiresInDays: expiry === NEVER ? null : Number(expiry),
    });
  }

  const created = create.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={created ? developerTexts.keyCreatedTitle : developerTexts.createKeyTitle}>
        {created ? (
          <SecretReveal
            intro={developerTexts.keyCreated(created.key.name)}
            label={developerTexts.keySecret}
            what={developerTexts.keySecretWhat}
            secret={created.secret}
            warning={developerTexts.keyShownOnce}
            testId="api-key-secret"
          />
        ) : (
          <form className="flex flex-col gap-5" noValidate onSubmit={submit} aria-label={developerTexts.createKeyTitle}>
            <Field label={developerTexts.keyName} hint={developerTexts.keyNameHint} error={errors.name} required>
              <Input
                value={name}
                maxLength={API_KEY_NAME_MAX}
                placeholder={developerTexts.keyNamePlaceholder}
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
              />
            </Field>
            <ChoiceList
              legend={developerTexts.scopes}
              options={apiKeyScopes}
              info={apiKeyScopeInfo}
              chosen={scopes}
              onChange={setScopes}
              error={errors.scopes}
            />
            <div className="sm:w-64">
              <Field label={developerTexts.expiry}>
                <Select options={expiryOptions} value={expiry} onChange={(event) => setExpiry(event.target.value)} />
              </Field>
            </div>
            {create.error != null && (
              <Alert tone="error" title={developerTexts.createFailed}>
                {userMessage(create.error, developerTexts.createFailed)}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">{developerTexts.cancel}</Button>
              </DialogClose>
              <Button type="submit" loading={create.isPending}>
                {create.isPending ? developerTexts.creating : developerTexts.createKey}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
