import { useRef } from 'react';
import { RequestPasswordResetRequest } from '#contracts/auth.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useFlash } from './use-flash.ts';
import { authTexts } from '../texts.ts';

/** The "reset email sent" banner shows for 5 seconds (docs/product-rules.md#accounts). */
export const RESET_EMAIL_NOTICE_MS = 5000;

/**
 * "Forgot password?": needs the email typed in the sign-in form, then emails a reset link.
 * `clear()` is for another action starting: the notice goes, and an answer still on its way is not shown.
 */
export function useForgotPassword() {
  const request = useRequestPasswordReset();
  const { notice, show } = useFlash();
  /** Bumped by every send and clear: only the latest send may still show its answer. */
  const attempt = useRef(0);

  const clear = () => {
    attempt.current++;
    show(null);
  };

  const send = async (typedEmail: string) => {
    const mine = ++attempt.current;
    if (typedEmail.trim() === '') {
      show({ tone: 'info', text: authTexts.enterEmailFirst });
      return;
    }
    const parsed = RequestPasswordResetRequest.safeParse({ email: typedEmail });
    if (!parsed.success) {
      show({ tone: 'error', text: parsed.error.issues[0]?.message ?? authTexts.enterEmailFirst });
      return;
    }
    show(null);
    try {
      await request.mutateAsync(parsed.data.email);
      if (mine === attempt.current) show({ tone: 'success', text: authTexts.resetEmailSent }, RESET_EMAIL_NOTICE_MS);
    } catch (err) {
      if (mine === attempt.current) show({ tone: 'error', text: userMessage(err) });
    }
  };

  return { send, clear, notice, isSending: request.isPending };
}
