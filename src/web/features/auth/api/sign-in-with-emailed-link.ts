import { useMutation } from '@tanstack/react-query';
import { signInWithLink } from '#contracts/auth.ts';
import { callApi } from '#web/lib/api-client.ts';

/** Uses an emailed sign-in link's token (once): the answer signs this browser in. */
export function signInWithEmailedLink(token: string) {
  return callApi(signInWithLink, { body: { token } });
}

export function useSignInWithLink() {
  return useMutation({ mutationKey: ['auth', 'sign-in-with-link'], mutationFn: signInWithEmailedLink });
}
