import { Cards, Section } from './section.tsx';

const items = [
  ['4MP Output', 'Crisp, zoom-ready images.'],
  ['2.5x Faster', 'From photo to finished klip in minutes.'],
  ['Fresh Content', 'New variations on demand.'],
  ['Just Results', 'No briefs, no shoot days, no waiting.'],
] as const;

export function Benefits() {
  return (
    <Section muted title="Faster. Cheaper. Better.">
      <Cards items={items} chips leads={['4MP', '2.5x', '∞', '✓']} />
    </Section>
  );
}
