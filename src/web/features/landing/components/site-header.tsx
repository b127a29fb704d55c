import { Link } from 'react-router';
import { Logo } from '#web/components/brand/logo.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { landingTexts } from '../texts.ts';

/** Logo, Sign In and the waitlist button, laid over the top of the dark hero. */
export function SiteHeader() {
  return (
    <header className="absolute inset-x-0 top-0 px-4">
      <nav aria-label={landingTexts.mainNav} className="mx-auto flex h-20 max-w-6xl items-center font-semibold text-white/80">
        <Link to={paths.home} className="mr-auto rounded-lg py-1">
          <Logo tone="light" />
        </Link>
        <Link to={paths.login} className="rounded-lg px-3 py-2.5 text-sm hover:text-white">
          {landingTexts.signIn}
        </Link>
        <Link to={paths.waitlist} className={buttonStyles({ variant: 'inverse' })}>
          {landingTexts.joinWaitlist}
        </Link>
      </nav>
    </header>
  );
}
