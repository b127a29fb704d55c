import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResetPasswordRequest } from '#contracts/auth.ts';
import { callApi } from '#web/lib/api-client.ts';
import { meQueryKey } from '#web/lib/session/me.ts';
import { resetPassword } from '#contracts/routes.ts';

export type ResetPasswordData = z.output<typeof ResetPasswordRequest>;

export function setNewPassword(body: ResetPasswordData) {
  return callApi(resetPassword, { body });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: setNewPassword,
    // The server ends every session of the user: this browser is signed out too.
    onSuccess: () => queryClient.setQueryData(meQueryKey, null),
  });
}
