import { useState } from 'react';
import { RESEND_COOLDOWN_SECONDS } from '#contracts/auth.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification-email.ts';
import { useResendVerificationByEmail } from '../api/resend-verification-by-email.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import type { Notice } from '../hooks/use-flash.ts';
import { retryAfterSeconds, userMessage } from '#web/lib/api-errors.ts';
import { authTexts } from '../texts.ts';

interface ResendProps {
  send: () => Promise<{ retryAfterSeconds: number }>;
  pending: boolean;
  sentText: string;
  onAlreadyVerified?: () => void;
}

/** Resend verification: idle, 'Sending...', a success notice, then 'Resend in Ns' for 60 s (docs/product-rules.md#accounts). */
function ResendButton({ send, pending, sentText, onAlreadyVerified }: ResendProps) {
  const cooldown = useCountdown();
  const [notice, setNotice] = useState<Notice | null>(null);

  const resend = async () => {
    setNotice(null);
    try {
      const answer = await send();
      setNotice({ tone: 'success', text: sentText });
      cooldown.start(answer.retryAfterSeconds);
    } catch (err) {
      const text = userMessage(err);
      if (err instanceof ApiError && err.status === 429) {
        cooldown.start(retryAfterSeconds(err, RESEND_COOLDOWN_SECONDS));
        setNotice({ tone: 'info', text });
      } else if (err instanceof ApiError && err.status === 409 && onAlreadyVerified) {
        setNotice({ tone: 'info', text });
        onAlreadyVerified();
      } else {
        setNotice({ tone: 'error', text });
      }
    }
  };

  const waiting = cooldown.remaining > 0;
  return (
    <div className="flex flex-col gap-3">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <Button variant="secondary" className="w-full" loading={pending} disabled={waiting} onClick={() => void resend()}>
        {pending ? authTexts.sending : waiting ? authTexts.resendIn(cooldown.remaining) : authTexts.resend}
      </Button>
    </div>
  );
}

/** On the verify page: for the signed-in user whose email is not confirmed yet. */
export function ResendVerification({ onAlreadyVerified }: { onAlreadyVerified: () => void }) {
  const resend = useResendVerification();
  return (
    <ResendButton
      send={() => resend.mutateAsync()}
      pending={resend.isPending}
      sentText={authTexts.verificationSent}
      onAlreadyVerified={onAlreadyVerified}
    />
  );
}

/** After sign-up, before any session: by address, with a notice that does not say whether it has an account. */
export function ResendVerificationTo({ email }: { email: string }) {
  const resend = useResendVerificationByEmail();
  return <ResendButton send={() => resend.mutateAsync(email)} pending={resend.isPending} sentText={authTexts.verificationResent} />;
}
