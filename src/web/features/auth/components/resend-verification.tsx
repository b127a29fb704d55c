import { useState } from 'react';
import { RESEND_COOLDOWN_SECONDS } from '../../../../contracts/auth.ts';
import { authMessages } from '../../../../contracts/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import type { Notice } from '../hooks/use-flash.ts';
import { retryAfterSeconds, userMessage } from '../../../lib/api-errors.ts';

/** Resend verification: idle, 'Sending...', a success notice, then 'Resend in Ns' for 60 s (docs/product-rules.md#accounts). */
export function ResendVerification({ onAlreadyVerified }: { onAlreadyVerified: () => void }) {
  const resend = useResendVerification();
  const cooldown = useCountdown();
  const [notice, setNotice] = useState<Notice | null>(null);

  const send = async () => {
    setNotice(null);
    try {
      const answer = await resend.mutateAsync();
      setNotice({ tone: 'success', text: authMessages.verificationSent });
      cooldown.start(answer.retryAfterSeconds);
    } catch (err) {
      const text = userMessage(err);
      if (err instanceof ApiError && err.status === 429) {
        cooldown.start(retryAfterSeconds(err, RESEND_COOLDOWN_SECONDS));
        setNotice({ tone: 'info', text });
      } else if (err instanceof ApiError && err.status === 409) {
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
      <Button variant="secondary" className="w-full" loading={resend.isPending} disabled={waiting} onClick={() => void send()}>
        {resend.isPending ? 'Sending...' : waiting ? `Resend in ${cooldown.remaining}s` : 'Resend verification email'}
      </Button>
    </div>
  );
}
