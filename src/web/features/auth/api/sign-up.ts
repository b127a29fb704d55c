import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignUpRequest } from '#contracts/auth.ts';
import { callApi } from '#web/lib/api-client.ts';
import { signUp } from '#contracts/routes.ts';

export type SignUpData = z.output<typeof SignUpRequest>;

export function signUpWithPassword(body: SignUpData) {
  return callApi(signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationKey: ['auth', 'sign-up'], mutationFn: signUpWithPassword });
}
