import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { resendVerification } from '#contracts/routes.ts';

export function resendVerificationEmail() {
  return callApi(resendVerification);
}

export function useResendVerification() {
  return useMutation({ mutationKey: ['auth', 'resend-verification'], mutationFn: resendVerificationEmail });
}
