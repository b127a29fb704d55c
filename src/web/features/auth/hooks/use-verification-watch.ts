import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { meQueryOptions } from '#web/lib/session/me.ts';

/** The verify page checks for confirmation every 3 seconds (docs/product-rules.md#accounts). */
export const VERIFY_POLL_MS = 3000;

/**
 * Polls /api/me (and re-checks when the window regains focus) and moves on to /onboarding as soon as
 * the email is confirmed, wherever that happened: this tab, another tab, another device.
 */
export function useVerificationWatch() {
  const navigate = useNavigate();
  const me = useQuery({
    ...meQueryOptions,
    staleTime: 0,
    refetchInterval: VERIFY_POLL_MS,
    // The link is usually opened in another tab; keep checking while this one is in the background.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
  const verified = me.data?.user.emailVerified === true;

  useEffect(() => {
    if (verified) void navigate(paths.onboarding, { replace: true });
  }, [verified, navigate]);

  return { email: me.data?.user.email, verified, recheck: () => void me.refetch() };
}
