import { shellTexts } from '#web/lib/texts.ts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { expectedPlans, type ExpectedPlan } from '#contracts/waitlist.ts';
import { Logo } from '../../components/brand/logo.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { paths } from '../../lib/paths.ts';
import { WaitlistForm } from './components/waitlist-form.tsx';
import { waitlistTexts } from './texts.ts';

/** The plan a link preselected (`paths.waitlistFor`), if it is one of the plans. */
function planFromAddress(plan: string | null): ExpectedPlan | undefined {
  return plan !== null && (expectedPlans as readonly string[]).includes(plan) ? (plan as ExpectedPlan) : undefined;
}

export default function WaitlistPage() {
  const [searchParams] = useSearchParams();
  const [joined, setJoined] = useState(false);

  return (
    <div className="min-h-dvh bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none fixed inset-0 bg-[radial-gradient(60rem_40rem_at_10%_-10%,rgb(124_58_237/0.45),transparent),radial-gradient(50rem_30rem_at_110%_10%,rgb(236_72_153/0.25),transparent)]"
      />
      <header className="relative mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to={paths.home} aria-label={shellTexts.home}>
          <Logo tone="light" />
        </Link>
        <Link to={paths.login} className="text-sm font-semibold text-white/80 hover:text-white">
          {waitlistTexts.signIn}
        </Link>
      </header>
      <main className="relative mx-auto grid max-w-6xl gap-10 px-4 pt-6 pb-16 sm:px-6 lg:grid-cols-[1fr_1.15fr] lg:gap-16 lg:pt-12">
        <section className="lg:pt-8">
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-200 uppercase ring-1 ring-white/15">
            {waitlistTexts.limitedBeta}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{waitlistTexts.heading}</h1>
          <p className="mt-4 max-w-md text-lg text-white/70">{waitlistTexts.intro}</p>
          <ul className="mt-8 space-y-3">
            {waitlistTexts.perks.map((perk) => (
              <li key={perk} className="flex items-start gap-3 text-white/85">
                <span aria-hidden="true" className="mt-1 grid size-5 shrink-0 place-items-center rounded-full bg-brand-500 text-xs">
                  ✓
                </span>
                {perk}
              </li>
            ))}
          </ul>
        </section>
        <Card className="border-0 p-5 text-ink-900 sm:p-8">
          {joined ? (
            <div className="py-10 text-center" role="status">
              <div aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-full bg-brand-100 text-2xl">
                🎉
              </div>
              <h2 className="mt-5 text-2xl font-bold">{waitlistTexts.success}</h2>
              <p className="mx-auto mt-2 max-w-sm text-ink-600">{waitlistTexts.successText}</p>
              <Link to={paths.home} className={buttonStyles({ variant: 'primary', className: 'mt-6' })}>
                {waitlistTexts.backHome}
              </Link>
            </div>
          ) : (
            <>
              <h2 className="text-xl font-bold">{waitlistTexts.joinHeading}</h2>
              <p className="mt-1 mb-6 text-sm text-ink-600">{waitlistTexts.joinIntro}</p>
              <WaitlistForm selectedPlan={planFromAddress(searchParams.get('plan'))} onJoined={() => setJoined(true)} />
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
