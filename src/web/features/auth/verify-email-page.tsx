import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSignOut } from '../../lib/session/sign-out.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { ChoosePasswordForm } from './components/choose-password-form.tsx';
import { EmailAddress } from './components/email-address.tsx';
import { ResendVerification } from './components/resend-verification.tsx';
import { VerificationSteps } from './components/verification-steps.tsx';
import { useVerificationWatch } from './hooks/use-verification-watch.ts';
import { useSearch } from './hooks/use-search.ts';
import { authTexts } from './texts.ts';

/**
 * /auth/verify-email: where a signed-in user with an unconfirmed email waits
 * (docs/product-rules.md#screens-and-access); with the emailed link's `?token=` (the link opened away
 * from the browser that signed up), where the address's owner chooses the password, signed in or not.
 */
export default function VerifyEmailPage() {
  const search = useSearch();
  const token = search.get('token');
  if (token) {
    return (
      <AuthLayout
        pageTitle={authTexts.choosePasswordHeading}
        heading={authTexts.choosePasswordHeading}
        intro={authTexts.choosePasswordIntro}
      >
        <ChoosePasswordForm token={token} email={search.get('email')} />
      </AuthLayout>
    );
  }
  return <WaitForConfirmation />;
}

function WaitForConfirmation() {
  const search = useSearch();
  const watch = useVerificationWatch();
  const signOut = useSignOut();
  const linkFailed = search.has('error');

  return (
    <AuthLayout
      pageTitle={authTexts.verifyHeading}
      heading={authTexts.verifyHeading}
      intro={
        <>
          {authTexts.weSentAVerificationLinkTo} <EmailAddress email={watch.email ?? ''} suffix="." className="text-ink-900" />
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {linkFailed && (
          <Alert tone="info" title={authTexts.linkFailedTitle}>
            {authTexts.linkFailed}
          </Alert>
        )}
        <VerificationSteps />
        <p role="status" className="flex items-center gap-2 rounded-xl bg-ink-50 px-3.5 py-2.5 text-sm text-ink-600">
          <Spinner size="sm" />
          {authTexts.waitingForConfirmation}
        </p>
        <div className="border-t border-ink-100 pt-5">
          <p className="mb-3 text-sm text-ink-600">{authTexts.didNotGetEmail}</p>
          <ResendVerification onAlreadyVerified={watch.recheck} />
        </div>
        <p className="text-center text-sm text-ink-600">
          {authTexts.wrongAddress}{' '}
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className="rounded-md font-semibold text-brand-700 hover:text-brand-800 hover:underline disabled:opacity-60"
          >
            {authTexts.signOut}
          </button>{' '}
          {authTexts.orUseAnotherEmail}
        </p>
      </div>
    </AuthLayout>
  );
}
