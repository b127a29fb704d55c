import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { landingTexts } from '../texts.ts';

/** Black Friday / Cyber Monday call to action, in the deal colours. */
export function BfcmCta() {
  return (
    <section className="bg-white px-4 pb-24">
      <div className="mx-auto max-w-5xl rounded-3xl bg-ink-950 bg-radial from-deal-400/30 to-70% px-6 py-16 text-center text-white">
        <h2 className="mb-8 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{landingTexts.bfcm}</h2>
        <Link to={paths.waitlist} className={buttonStyles({ variant: 'deal', size: 'lg' })}>
          {landingTexts.joinWaitlist}
        </Link>
      </div>
    </section>
  );
}
