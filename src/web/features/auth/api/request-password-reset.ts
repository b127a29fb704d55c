import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { requestPasswordReset } from '#contracts/routes.ts';

/** Emails a reset link; the server answers the same whether or not the account exists. */
export function sendPasswordResetEmail(email: string) {
  return callApi(requestPasswordReset, { body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationKey: ['auth', 'request-password-reset'], mutationFn: sendPasswordResetEmail });
}
