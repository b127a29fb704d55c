import { ShoppingBag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useStartShopifyOAuth } from '../api/start-shopify-oauth.ts';
import { checkShopDomain } from '../lib/oauth-form.ts';
import { storeTexts } from '../texts.ts';
import { OptionHeading } from './option-heading.tsx';

/** 'Connect with Shopify': the shop domain, then Shopify's install page (the browser leaves Klipt). */
export function OAuthConnectCard({ workspaceId }: { workspaceId: string }) {
  const start = useStartShopifyOAuth(workspaceId);
  const [shopDomain, setShopDomain] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkShopDomain(shopDomain);
    if ('error' in checked) return setError(checked.error);
    setError(undefined);
    start.mutate(checked.body);
  }

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" data-testid="connect-oauth">
      <OptionHeading icon={<ShoppingBag className="size-5" />} title={storeTexts.oauthTitle} body={storeTexts.oauthBody} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={storeTexts.shopDomain} hint={storeTexts.shopDomainHint} error={error} required>
          <Input
            value={shopDomain}
            onChange={(e) => setShopDomain(e.target.value)}
            placeholder={storeTexts.shopDomainPlaceholder}
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
          />
        </Field>
        {start.error && (
          <Alert tone="error" title={storeTexts.connectFailed}>
            {userMessage(start.error)}
          </Alert>
        )}
        <Button type="submit" loading={start.isPending || start.isSuccess} className="self-start">
          {storeTexts.oauthButton}
        </Button>
      </form>
    </Card>
  );
}
