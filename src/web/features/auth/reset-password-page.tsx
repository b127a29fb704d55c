import { Link } from 'react-router';
import { authMessages } from '#contracts/auth.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { ResetPasswordForm } from './components/reset-password-form.tsx';
import { useSearch } from './hooks/use-search.ts';
import { authTexts } from './texts.ts';

/**
 * /auth/reset-password?token=…, reached from the reset email through the server, which sends
 * `?error=INVALID_TOKEN` instead when the link is no good.
 */
export default function ResetPasswordPage() {
  const search = useSearch();
  const token = search.get('token') ?? '';
  const usable = token !== '' && !search.has('error');

  return (
    <AuthLayout
      pageTitle={authTexts.resetTitle}
      heading={authTexts.resetHeading}
      intro={usable ? authTexts.resetIntro : undefined}
      below={
        usable ? (
          <Link to={paths.login} className="font-semibold text-white underline-offset-4 hover:underline">
            {authTexts.backToSignIn}
          </Link>
        ) : undefined
      }
    >
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{authMessages.resetLinkInvalid}</Alert>
          <Link to={paths.login} className={buttonStyles({ className: 'w-full' })}>
            {authTexts.goToSignIn}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
