import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { resendVerificationByEmail } from '#contracts/routes.ts';

/** From the sign-up form (no session yet): the server answers the same whether or not the address has an account. */
export function resendVerificationEmailTo(email: string) {
  return callApi(resendVerificationByEmail, { body: { email } });
}

export function useResendVerificationByEmail() {
  return useMutation({ mutationKey: ['auth', 'resend-verification-by-email'], mutationFn: resendVerificationEmailTo });
}
