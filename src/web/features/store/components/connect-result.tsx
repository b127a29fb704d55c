import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { connectErrorMessage } from '../lib/connect-error-message.ts';
import { storeTexts } from '../texts.ts';

/**
 * Back from Shopify's install page: `?connected=1` says so once (a toast, then the address is
 * cleaned so a reload does not say it again); `?error=<code>` stays as an alert until dismissed.
 */
export function ConnectResult() {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected') === '1';
  const error = params.get('error');
  const announced = useRef(false);

  useEffect(() => {
    if (!connected || announced.current) return;
    announced.current = true;
    toast(storeTexts.connectedToast, 'success');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        return next;
      },
      { replace: true },
    );
  }, [connected, setParams]);

  if (!error) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="flex flex-col gap-2" data-testid="store-connect-error">
      <Alert tone="error" title={storeTexts.oauthErrorTitle}>
        {connectErrorMessage(error)}
      </Alert>
      <Button variant="ghost" size="sm" className="self-end" onClick={dismiss}>
        {storeTexts.dismiss}
      </Button>
    </div>
  );
}
