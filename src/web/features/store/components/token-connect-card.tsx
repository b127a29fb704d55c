import { KeyRound } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useConnectShopifyToken } from '../api/connect-shopify-token.ts';
import { checkTokenForm, type TokenFormErrors, type TokenFormValues } from '../lib/token-form.ts';
import { storeTexts } from '../texts.ts';
import { OptionHeading } from './option-heading.tsx';

/** 'Use an access token': a custom app's Admin API token (checked against Shopify before it is saved). */
export function TokenConnectCard({ workspaceId }: { workspaceId: string }) {
  const connect = useConnectShopifyToken(workspaceId);
  const [values, setValues] = useState<TokenFormValues>({ shopDomain: '', accessToken: '', apiSecretKey: '' });
  const [errors, setErrors] = useState<TokenFormErrors>({});
  const set = (field: keyof TokenFormValues) => (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: e.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkTokenForm(values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    connect.mutate(checked.body, { onSuccess: () => toast(storeTexts.connected, 'success') });
  }

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" data-testid="connect-token">
      <OptionHeading icon={<KeyRound className="size-5" />} title={storeTexts.tokenTitle} body={storeTexts.tokenBody} />
      <details className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700">
        <summary className="cursor-pointer rounded font-semibold text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500">
          {storeTexts.tokenHelpSummary}
        </summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {storeTexts.tokenHelp.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={storeTexts.shopDomain} hint={storeTexts.shopDomainHint} error={errors.shopDomain} required>
          <Input
            value={values.shopDomain}
            onChange={set('shopDomain')}
            placeholder={storeTexts.shopDomainPlaceholder}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field label={storeTexts.accessToken} hint={storeTexts.accessTokenHint} error={errors.accessToken} required>
          <Input type="password" value={values.accessToken} onChange={set('accessToken')} autoComplete="off" spellCheck={false} />
        </Field>
        <Field label={storeTexts.apiSecretKey} hint={storeTexts.apiSecretKeyHint} error={errors.apiSecretKey}>
          <Input type="password" value={values.apiSecretKey} onChange={set('apiSecretKey')} autoComplete="off" spellCheck={false} />
        </Field>
        {connect.error && (
          <Alert tone="error" title={storeTexts.connectFailed}>
            {userMessage(connect.error)}
          </Alert>
        )}
        <Button type="submit" variant="secondary" loading={connect.isPending} className="self-start">
          {storeTexts.tokenButton}
        </Button>
      </form>
    </Card>
  );
}
