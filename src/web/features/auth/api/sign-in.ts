import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignInRequest } from '#contracts/auth.ts';
import { callApi } from '#web/lib/api-client.ts';
import { signIn } from '#contracts/routes.ts';

export type SignInData = z.output<typeof SignInRequest>;

export function signInWithPassword(body: SignInData) {
  return callApi(signIn, { body });
}

export function useSignIn() {
  return useMutation({ mutationKey: ['auth', 'sign-in'], mutationFn: signInWithPassword });
}
