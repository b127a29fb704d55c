import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../lib/paths.ts';
import { safeReturnPath } from '../lib/return-to.ts';
import { useMe } from '../lib/session/me.ts';
import { shellTexts, uiTexts } from '../lib/texts.ts';

function SessionError({ retry }: { retry: () => void }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-ink-50 px-6">
      <div className="w-full max-w-sm">
        <Alert tone="error" title={shellTexts.unreachableTitle}>
          {shellTexts.unreachableHint}
        </Alert>
        <Button className="mt-4 w-full" onClick={retry}>
          {uiTexts.tryAgain}
        </Button>
      </div>
    </main>
  );
}

/**
 * The guards of docs/product-rules.md#screens-and-access, in one place. Rendering waits until the session is known; signed-out users go
 * to /, unconfirmed users are confined to /auth/verify-email, non-admins on admin pages go to
 * /dashboard. The API enforces the same rules; these only decide what the browser shows.
 */
export function Guard({ require, children }: { require: 'user' | 'verified' | 'admin'; children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageSpinner label={require === 'admin' ? shellTexts.checkingPermissions : uiTexts.loading} />;
  if (me.isError) return <SessionError retry={() => void me.refetch()} />;
  const user = me.data;
  if (!user) return <Navigate to={paths.home} replace />;
  if (require !== 'user' && !user.user.emailVerified)
    return <Navigate to={paths.verifyEmail} replace state={{ from: location.pathname }} />;
  if (require === 'admin' && !user.isSuperAdmin) return <Navigate to={paths.dashboard} replace />;
  return children ?? <Outlet />;
}

/** Pages for signed-out visitors (sign-in): a signed-in user is sent on to where they belong (`?next=`, a path of this site, first). */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const me = useMe();
  const { search } = useLocation();
  if (me.isPending) return <PageSpinner />;
  if (me.data) {
    const next = safeReturnPath(new URLSearchParams(search).get('next'));
    return <Navigate to={me.data.user.emailVerified ? (next ?? paths.dashboard) : paths.verifyEmail} replace />;
  }
  return children ?? <Outlet />;
}
