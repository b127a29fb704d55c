import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VerifyEmailWithPasswordRequest } from '#contracts/auth.ts';
import { callApi } from '#web/lib/api-client.ts';
import { verifyEmailWithPassword } from '#contracts/routes.ts';

export type VerifyEmailWithPasswordData = z.output<typeof VerifyEmailWithPasswordRequest>;

/** Confirms the address with its emailed link and the password chosen for it; the answer signs in. */
export function confirmEmailWithPassword(body: VerifyEmailWithPasswordData) {
  return callApi(verifyEmailWithPassword, { body });
}

export function useVerifyEmailWithPassword() {
  return useMutation({ mutationKey: ['auth', 'verify-email-with-password'], mutationFn: confirmEmailWithPassword });
}
