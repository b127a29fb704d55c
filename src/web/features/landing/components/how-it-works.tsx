import { Cards, Section } from './section.tsx';

const steps = [
  ['Sync Shopify', 'Import your products and photos.'],
  ['Generate Variations', 'Dozens of scenes per product.'],
  ['Add Models', 'Models who match your buyers.'],
  ['Animate Everything', 'Turn any klip into a short video.'],
] as const;

export function HowItWorks() {
  return (
    <Section muted title="How It Works">
      <Cards items={steps} chips leads={[1, 2, 3, 4]} />
    </Section>
  );
}
