import coffee from '../media/coffee.webp';
import model from '../media/model.webp';
import serum from '../media/serum.webp';
import sneaker from '../media/sneaker.webp';
import { Cards, Section } from './section.tsx';

const items = [
  ['Social ads', 'Scroll-stopping creatives for every feed.'],
  ['PDP videos', 'Loops that show off every angle.'],
  ['Lifestyle shots', 'Any scene, no studio needed.'],
  ['AI-generated models', 'On-brand models, no casting.'],
] as const;

export function UseCases() {
  return (
    <Section title="What Can You Make">
      <Cards
        items={items}
        leads={[sneaker, serum, coffee, model].map((src) => (
          <img key={src} src={src} alt="" loading="lazy" className="mb-5 aspect-[4/3] w-full rounded-xl object-cover" />
        ))}
      />
    </Section>
  );
}
