import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { playWhenVisible } from '../hooks/play-when-visible.ts';
import { useAppStarted } from '../hooks/use-app-started.ts';
import coffeeVideo from '../media/coffee.mp4';
import coffeePoster from '../media/coffee.webp';
import serumVideo from '../media/serum.mp4';
import serumPoster from '../media/serum.webp';
import sneakerVideo from '../media/sneaker.mp4';
import sneakerPoster from '../media/sneaker.webp';
import { landingTexts } from '../texts.ts';

// [video, poster, what the sample klip shows (its accessible name)]
const samples = [
  [serumVideo, serumPoster, landingTexts.hero.samples.serum],
  [sneakerVideo, sneakerPoster, landingTexts.hero.samples.sneaker],
  [coffeeVideo, coffeePoster, landingTexts.hero.samples.coffee],
] as const;

/**
 * Headline, call to action and three sample klips that play (muted, looping) while on screen.
 * Their posters are set once the app runs: in the prerendered HTML they would be fetched before
 * the first paint, beside the CSS and the font the headline (the page's LCP) waits for.
 */
export function Hero() {
  const started = useAppStarted();
  return (
    <section className="overflow-hidden bg-ink-950 bg-radial-[at_0%_0%] from-brand-600/50 via-accent-600/15 to-70% px-4 pt-32 pb-24 text-center text-white lg:text-left">
      <div className="mx-auto grid max-w-6xl items-center gap-14 lg:grid-cols-2">
        <div>
          <h1 className="text-5xl leading-none font-extrabold tracking-tight text-balance sm:text-7xl">
            {landingTexts.hero.stop} <span className="text-accent-400">{landingTexts.hero.start}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-md text-lg text-white/70 lg:mx-0">{landingTexts.hero.intro}</p>
          <Link to={paths.waitlist} className={buttonStyles({ size: 'lg', className: 'mt-8' })}>
            {landingTexts.joinWaitlist}
          </Link>
        </div>
        <div className="grid grid-cols-3 gap-3 sm:gap-5">
          {samples.map(([src, poster, label], i) => (
            <video
              key={label}
              ref={playWhenVisible}
              src={src}
              poster={started ? poster : undefined}
              aria-label={label}
              muted
              loop
              playsInline
              preload="none"
              className={`aspect-[4/5] w-full rounded-2xl shadow-2xl ring-1 ring-white/15 ${i === 1 ? '' : 'translate-y-8'}`}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
