import { authMessages } from '../../../../contracts/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmailAddress } from './email-address.tsx';
import { ResendVerificationTo } from './resend-verification.tsx';

/** After "Create account": the spec's banner, what to do next, resend, and the way to sign in. */
export function SignUpSent({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="success">{authMessages.signUpSuccess}</Alert>
      <p className="text-sm text-ink-600">
        We sent a link to <EmailAddress email={email} suffix="." className="text-ink-900" /> Open it to confirm your address: it signs you
        in and takes you to your first steps in Klipt. If it is not in your inbox, look in spam or promotions.
      </p>
      <div className="border-t border-ink-100 pt-5">
        <p className="mb-3 text-sm text-ink-600">Didn&apos;t get the email?</p>
        <ResendVerificationTo email={email} />
      </div>
      <p className="text-center text-sm text-ink-600">
        Already confirmed?{' '}
        <button type="button" onClick={onSignIn} className="rounded-md font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Sign in
        </button>
      </p>
    </div>
  );
}
