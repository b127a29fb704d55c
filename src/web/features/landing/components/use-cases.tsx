import coffee from '../media/coffee.webp';
import model from '../media/model.webp';
import serum from '../media/serum.webp';
import sneaker from '../media/sneaker.webp';
import { Cards, Section } from './section.tsx';
import { landingTexts } from '../texts.ts';

export function UseCases() {
  return (
    <Section title={landingTexts.useCases.title}>
      <Cards
        items={landingTexts.useCases.items}
        leads={[sneaker, serum, coffee, model].map((src) => (
          <img key={src} src={src} alt="" loading="lazy" className="mb-5 aspect-[4/3] w-full rounded-xl object-cover" />
        ))}
      />
    </Section>
  );
}
