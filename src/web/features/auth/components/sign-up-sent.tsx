import { Alert } from '#web/components/ui/alert.tsx';
import { EmailAddress } from './email-address.tsx';
import { ResendVerificationTo } from './resend-verification.tsx';
import { authTexts } from '../texts.ts';

/** After "Create account": the spec's banner, what to do next, resend, and the way to sign in. */
export function SignUpSent({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="success">{authTexts.signUpSuccess}</Alert>
      <p className="text-sm text-ink-600">
        {authTexts.weSentALinkTo} <EmailAddress email={email} suffix="." className="text-ink-900" /> {authTexts.signUpSentNext}
      </p>
      <div className="border-t border-ink-100 pt-5">
        <p className="mb-3 text-sm text-ink-600">{authTexts.didNotGetEmail}</p>
        <ResendVerificationTo email={email} />
      </div>
      <p className="text-center text-sm text-ink-600">
        {authTexts.alreadyConfirmed}{' '}
        <button type="button" onClick={onSignIn} className="rounded-md font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          {authTexts.signIn}
        </button>
      </p>
    </div>
  );
}
