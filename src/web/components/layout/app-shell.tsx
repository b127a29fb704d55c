import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMe } from '../../lib/session/me.ts';
import { AppHeader } from './app-header.tsx';

// Its own chunk, fetched only for super admins: other users never download it.
const KnownIssues = lazy(() => import('../admin/known-issues.tsx'));

/** Signed-in pages: the header above, the page below, and for super admins the Known Issues button. */
export function AppShell() {
  const { data: me } = useMe();
  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <Outlet />
      {me?.isSuperAdmin && (
        <Suspense fallback={null}>
          <KnownIssues />
        </Suspense>
      )}
    </div>
  );
}
