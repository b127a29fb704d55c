import { Link } from 'react-router';
import { Logo } from '#web/components/brand/logo.tsx';
import { paths } from '#web/lib/paths.ts';
import { landingTexts } from '../texts.ts';

const links = [
  [paths.collections, landingTexts.footer.collections],
  [paths.waitlist, landingTexts.joinWaitlist],
  [paths.login, landingTexts.signIn],
] as const;

/** The bottom padding keeps the last line clear of the sticky call-to-action bar. */
export function SiteFooter() {
  return (
    <footer className="grid justify-items-center gap-4 bg-ink-950 px-4 pt-12 pb-32 text-sm text-white/60">
      <Logo tone="light" />
      <nav aria-label={landingTexts.footer.label}>
        {links.map(([to, label]) => (
          <Link key={to} to={to} className="inline-block rounded-lg p-3 hover:text-white">
            {label}
          </Link>
        ))}
      </nav>
      <p>{landingTexts.footer.copyright}</p>
    </footer>
  );
}
