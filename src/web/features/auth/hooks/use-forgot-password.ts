import { RequestPasswordResetRequest } from '../../../../contracts/auth.ts';
import { authMessages } from '../../../../contracts/auth.ts';
import { userMessage } from '../../../lib/api-errors.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useFlash } from './use-flash.ts';

/** The "reset email sent" banner shows for 5 seconds (docs/product-rules.md#accounts). */
export const RESET_EMAIL_NOTICE_MS = 5000;

/** "Forgot password?": needs the email typed in the sign-in form, then emails a reset link. */
export function useForgotPassword() {
  const request = useRequestPasswordReset();
  const { notice, show } = useFlash();

  const send = async (typedEmail: string) => {
    if (typedEmail.trim() === '') {
      show({ tone: 'info', text: authMessages.enterEmailFirst });
      return;
    }
    const parsed = RequestPasswordResetRequest.safeParse({ email: typedEmail });
    if (!parsed.success) {
      show({ tone: 'error', text: parsed.error.issues[0]?.message ?? authMessages.enterEmailFirst });
      return;
    }
    show(null);
    try {
      await request.mutateAsync(parsed.data.email);
      show({ tone: 'success', text: authMessages.resetEmailSent }, RESET_EMAIL_NOTICE_MS);
    } catch (err) {
      show({ tone: 'error', text: userMessage(err) });
    }
  };

  return { send, notice, isSending: request.isPending };
}
