import { useMutation } from '@tanstack/react-query';
import { resendVerification } from '#contracts/auth.ts';
import { callApi } from '#web/lib/api-client.ts';

export function resendVerificationEmail() {
  return callApi(resendVerification);
}

export function useResendVerification() {
  return useMutation({ mutationKey: ['auth', 'resend-verification'], mutationFn: resendVerificationEmail });
}
