import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useRequestSignInLink } from '../api/request-sign-in-link.ts';
import { authTexts } from '../texts.ts';

/**
 * Under a sign-in refused by a limit: strangers may have spent the account's budget of failed
 * passwords, so the owner gets in through an emailed link (docs/operations.md#sign-in-and-account-limits).
 */
export function SignInLinkOffer({ email }: { email: string }) {
  const request = useRequestSignInLink();
  if (request.isSuccess) return <Alert tone="success">{authTexts.signInLinkSent}</Alert>;
  return (
    <div className="flex flex-col gap-3">
      {request.error && <Alert tone="error">{userMessage(request.error)}</Alert>}
      <Button type="button" variant="secondary" className="w-full" loading={request.isPending} onClick={() => request.mutate(email)}>
        {authTexts.signInLinkOffer}
      </Button>
    </div>
  );
}
