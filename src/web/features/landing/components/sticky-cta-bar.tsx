import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { landingTexts } from '../texts.ts';

/** The landing sticky bar appears once the page is scrolled past 400px (docs/product-rules.md#lists-and-timers). */
export const STICKY_BAR_OFFSET = 400;

export function StickyCtaBar() {
  if (!useScrolledPast(STICKY_BAR_OFFSET)) return null;
  return (
    <aside
      aria-label={landingTexts.stickyBar.label}
      className="fixed inset-x-0 bottom-0 flex items-center justify-center gap-4 bg-ink-950 p-3 pb-[max(.75rem,env(safe-area-inset-bottom))] font-semibold text-white"
    >
      {landingTexts.stickyBar.text}
      <Link to={paths.waitlist} className={buttonStyles({ variant: 'deal', className: 'shrink-0' })}>
        {landingTexts.joinWaitlist}
      </Link>
    </aside>
  );
}
