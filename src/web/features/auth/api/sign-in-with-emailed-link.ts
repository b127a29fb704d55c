import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { signInWithLink } from '#contracts/routes.ts';

/** Uses an emailed sign-in link's token (once): the answer signs this browser in. */
export function signInWithEmailedLink(token: string) {
  return callApi(signInWithLink, { body: { token } });
}

export function useSignInWithLink() {
  return useMutation({ mutationKey: ['auth', 'sign-in-with-link'], mutationFn: signInWithEmailedLink });
}
