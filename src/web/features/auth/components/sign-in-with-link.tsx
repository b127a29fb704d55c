import { authMessages } from '#contracts/auth.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { useSignInWithLink } from '../api/sign-in-with-emailed-link.ts';
import { useContinueSignedIn } from '../hooks/use-continue-signed-in.ts';
import { authTexts } from '../texts.ts';

/**
 * The emailed sign-in link's page. The token is used only when the owner clicks: a mail scanner that
 * opens links does not use it up.
 */
export function SignInWithLink({ token }: { token: string }) {
  const signIn = useSignInWithLink();
  const continueSignedIn = useContinueSignedIn();

  const go = async () => {
    try {
      const { user } = await signIn.mutateAsync(token);
      await continueSignedIn(user.emailVerified ? paths.dashboard : paths.verifyEmail);
    } catch {
      // Shown from signIn.error below.
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {signIn.error && <Alert tone="error">{userMessage(signIn.error, authMessages.signInLinkInvalid)}</Alert>}
      <Button size="lg" className="w-full" loading={signIn.isPending} onClick={() => void go()}>
        {authTexts.signInLinkAction}
      </Button>
    </div>
  );
}
