import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { meQueryKey } from '#web/lib/session/me.ts';

/**
 * After sign-in: drops the cached signed-out session and moves on; the next page's guard
 * loads the new one from /api/me. Writing the new session into the cache here instead would make
 * this page's guest-only guard redirect by itself first (navigations are transitions, cache updates
 * are not) and lose the router state handed to the next page.
 */
export function useContinueSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to: string, state?: Record<string, unknown>) => {
      queryClient.removeQueries({ queryKey: meQueryKey, exact: true });
      await navigate(to, { replace: true, ...(state ? { state } : {}) });
    },
    [queryClient, navigate],
  );
}
