import coffee from '../media/coffee.webp';
import model from '../media/model.webp';
import serum from '../media/serum.webp';
import sneaker from '../media/sneaker.webp';
import { useAppStarted } from '../hooks/use-app-started.ts';
import { Cards, Section } from './section.tsx';
import { landingTexts } from '../texts.ts';

/** Four cards with a sample picture each, set once the app runs (a phone's lazy loading would fetch them before the first paint). */
export function UseCases() {
  const started = useAppStarted();
  return (
    <Section title={landingTexts.useCases.title}>
      <Cards
        items={landingTexts.useCases.items}
        leads={[sneaker, serum, coffee, model].map((src) => (
          <img
            key={src}
            src={started ? src : undefined}
            alt=""
            loading="lazy"
            className="mb-5 aspect-[4/3] w-full rounded-xl object-cover"
          />
        ))}
      />
    </Section>
  );
}
