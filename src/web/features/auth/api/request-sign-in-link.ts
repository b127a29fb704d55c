import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { requestSignInLink } from '#contracts/routes.ts';

/** Emails a sign-in link; the server answers the same whether or not the address has an account. */
export function sendSignInLink(email: string) {
  return callApi(requestSignInLink, { body: { email } });
}

export function useRequestSignInLink() {
  return useMutation({ mutationKey: ['auth', 'request-sign-in-link'], mutationFn: sendSignInLink });
}
