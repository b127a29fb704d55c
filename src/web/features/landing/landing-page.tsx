import { Benefits } from './components/benefits.tsx';
import { BfcmCta } from './components/bfcm-cta.tsx';
import { Comparison } from './components/comparison.tsx';
import { Hero } from './components/hero.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { PricingTeaser } from './components/pricing-teaser.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { StickyCtaBar } from './components/sticky-cta-bar.tsx';
import { TopBanner } from './components/top-banner.tsx';
import { UseCases } from './components/use-cases.tsx';

/** The public landing page. */
export default function LandingPage() {
  return (
    <>
      <TopBanner />
      <div className="relative">
        <SiteHeader />
        <main>
          <Hero />
          <UseCases />
          <Benefits />
          <Comparison />
          <HowItWorks />
          <PricingTeaser />
          <BfcmCta />
        </main>
      </div>
      <SiteFooter />
      <StickyCtaBar />
    </>
  );
}
