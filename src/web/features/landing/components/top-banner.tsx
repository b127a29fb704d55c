import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { useRememberedDismissal } from '../hooks/use-remembered-dismissal.ts';
import { landingTexts } from '../texts.ts';

export const BANNER_DISMISSED_KEY = 'klipt.landing.bannerDismissed';

/** The limited-beta announcement above the page; once dismissed it stays hidden. */
export function TopBanner() {
  const [dismissed, dismiss] = useRememberedDismissal(BANNER_DISMISSED_KEY);
  if (dismissed) return null;
  return (
    <aside
      aria-label={landingTexts.banner.label}
      className="flex items-center justify-center gap-2 bg-brand-700 p-1 pl-4 text-sm text-white"
    >
      <p>{landingTexts.banner.text}</p>
      <Link to={paths.waitlist} className={buttonStyles({ variant: 'inverse', size: 'sm', className: 'min-h-10' })}>
        {landingTexts.banner.join}
      </Link>
      <button
        type="button"
        onClick={dismiss}
        aria-label={landingTexts.banner.dismiss}
        className="size-10 shrink-0 rounded-lg text-2xl hover:bg-white/15 focus-visible:outline-white"
      >
        ×
      </button>
    </aside>
  );
}
