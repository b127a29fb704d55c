import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../brand/logo.tsx';
import { buttonStyles } from '../ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { shellTexts } from '../../lib/texts.ts';

// The signed-in header (workspace switcher, team dialog, account menu and their forms) is most of
// the public pages' script; a visitor never downloads it.
const AppHeader = lazy(() => import('./app-header.tsx').then((m) => ({ default: m.AppHeader })));

/** A header's height while the session or the signed-in header loads: nothing below moves. */
function HeaderPlaceholder() {
  return <div className="h-16 border-b border-ink-200/80 bg-white" />;
}

/** The visitor's header: the logo home, the collection, Sign In and the waitlist. */
function VisitorHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/90 backdrop-blur">
      <nav aria-label={shellTexts.mainNav} className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-4 sm:gap-2 sm:px-6">
        <Link to={paths.home} aria-label={shellTexts.home} className="mr-auto rounded-lg">
          <Logo />
        </Link>
        <Link
          to={paths.collections}
          className="hidden rounded-lg px-3 py-2 text-sm font-semibold text-ink-700 hover:text-ink-900 sm:inline"
        >
          {shellTexts.collections}
        </Link>
        <Link to={paths.login} className="rounded-lg px-3 py-2 text-sm font-semibold text-ink-700 hover:text-ink-900">
          {shellTexts.signIn}
        </Link>
        <Link to={paths.waitlist} className={buttonStyles({ size: 'sm' })}>
          {shellTexts.joinWaitlist}
        </Link>
      </nav>
    </header>
  );
}

/** Public pages (collections, share): the app header for signed-in users, the visitor's header otherwise. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  return (
    <div className="min-h-dvh bg-ink-50">
      {me ? (
        <Suspense fallback={<HeaderPlaceholder />}>
          <AppHeader />
        </Suspense>
      ) : me === null ? (
        <VisitorHeader />
      ) : (
        <HeaderPlaceholder />
      )}
      {children}
    </div>
  );
}
