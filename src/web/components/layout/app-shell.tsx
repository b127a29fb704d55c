import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';

/** Signed-in pages: the header above, the page below. */
export function AppShell() {
  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <Outlet />
    </div>
  );
}
