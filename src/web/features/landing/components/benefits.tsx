import { Cards, Section } from './section.tsx';
import { landingTexts } from '../texts.ts';

export function Benefits() {
  return (
    <Section muted title={landingTexts.benefits.title}>
      <Cards items={landingTexts.benefits.items} chips leads={[...landingTexts.benefits.leads]} />
    </Section>
  );
}
