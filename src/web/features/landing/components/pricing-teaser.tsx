import { Link } from 'react-router';
import { LOWEST_PLAN_PRICE } from '../../../../contracts/plans.ts';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { Section } from './section.tsx';

/** Pricing teaser; its button preselects the Starter plan on the waitlist form. */
export function PricingTeaser() {
  return (
    <Section title={`Starts at $${LOWEST_PLAN_PRICE}/month`}>
      <Link to={paths.waitlist} state={{ selectedPlan: 'starter' }} className={buttonStyles({ size: 'lg' })}>
        Claim a Starter spot
      </Link>
    </Section>
  );
}
