import { shellTexts } from '../../lib/texts.ts';
import { creditCosts } from '#contracts/credits.ts';
import { Logo } from '../../components/brand/logo.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useMe } from '../../lib/session/me.ts';
import { CompleteProfileForm } from './components/complete-profile-form.tsx';
import { onboardingTexts } from './texts.ts';

/** /onboarding and /auth/onboarding: the first screen after the email is confirmed. */
export default function OnboardingPage() {
  const { data: me } = useMe();
  // The route's guard renders this page only for a verified, signed-in user.
  if (!me) return null;

  return (
    <div className="relative min-h-dvh overflow-hidden bg-ink-50">
      <title>{shellTexts.pageTitle(onboardingTexts.pageName)}</title>
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-linear-to-b from-brand-100 to-transparent" />
      <header className="relative mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="relative mx-auto w-full max-w-lg px-4 pt-4 pb-16 sm:pt-10">
        <Card className="p-5 sm:p-8">
          <p className="inline-flex rounded-full bg-green-50 px-3 py-1 text-xs font-semibold text-green-700 ring-1 ring-green-200 ring-inset">
            {onboardingTexts.emailConfirmed}
          </p>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance text-ink-900 sm:text-3xl">
            {/* Kept together so the dash never starts a line on phones. */}
            {onboardingTexts.welcomeTo} <span className="whitespace-nowrap">{onboardingTexts.kliptDash}</span>{' '}
            {onboardingTexts.youHaveToStart(me.credits)}
          </h1>
          <p className="mt-2 text-ink-600">{onboardingTexts.costs(creditCosts.image, creditCosts.video)}</p>
          <div className="mt-6">
            <CompleteProfileForm initialName={me.profile.displayName || onboardingTexts.defaultName} />
          </div>
        </Card>
      </main>
    </div>
  );
}
