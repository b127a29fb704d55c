import { Cards, Section } from './section.tsx';
import { landingTexts } from '../texts.ts';

export function HowItWorks() {
  return (
    <Section muted title={landingTexts.howItWorks.title}>
      <Cards items={landingTexts.howItWorks.steps} chips leads={[1, 2, 3, 4]} />
    </Section>
  );
}
