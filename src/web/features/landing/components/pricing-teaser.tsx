import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { Section } from './section.tsx';
import { landingTexts } from '../texts.ts';

/** Pricing teaser; its button preselects the Starter plan on the waitlist form. */
export function PricingTeaser() {
  return (
    <Section title={landingTexts.pricing.title}>
      <Link to={paths.waitlistFor('starter')} className={buttonStyles({ size: 'lg' })}>
        {landingTexts.pricing.claim}
      </Link>
    </Section>
  );
}
