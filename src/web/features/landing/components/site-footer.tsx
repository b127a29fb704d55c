import { Link } from 'react-router';
import { Logo } from '../../../components/brand/logo.tsx';
import { paths } from '../../../lib/paths.ts';

const links = [
  [paths.collections, 'Collections'],
  [paths.waitlist, 'Join the Waitlist'],
  [paths.login, 'Sign In'],
] as const;

/** The bottom padding keeps the last line clear of the sticky call-to-action bar. */
export function SiteFooter() {
  return (
    <footer className="grid justify-items-center gap-4 bg-ink-950 px-4 pt-12 pb-32 text-sm text-white/60">
      <Logo tone="light" />
      <nav aria-label="Footer">
        {links.map(([to, label]) => (
          <Link key={to} to={to} className="inline-block rounded-lg p-3 hover:text-white">
            {label}
          </Link>
        ))}
      </nav>
      <p>© Klipt</p>
    </footer>
  );
}
