import { shellTexts } from '#web/lib/texts.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '#web/components/brand/logo.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';

/**
 * The account pages' frame: the dark brand background of the waitlist page, the logo linking home,
 * and one centred card. `pageTitle` becomes the document title ("Sign in — Klipt").
 */
export function AuthLayout({
  pageTitle,
  heading,
  intro,
  headerAction,
  below,
  children,
}: {
  pageTitle: string;
  heading: ReactNode;
  intro?: ReactNode;
  headerAction?: ReactNode;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative min-h-dvh bg-ink-950 text-white">
      <title>{shellTexts.pageTitle(pageTitle)}</title>
      <div
        aria-hidden="true"
        className="pointer-events-none fixed inset-0 bg-[radial-gradient(60rem_40rem_at_10%_-10%,rgb(124_58_237/0.45),transparent),radial-gradient(50rem_30rem_at_110%_10%,rgb(236_72_153/0.25),transparent)]"
      />
      <header className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} aria-label={shellTexts.home} className="rounded-lg">
          <Logo tone="light" />
        </Link>
        {headerAction}
      </header>
      <main className="relative mx-auto w-full max-w-md px-4 pt-4 pb-16 sm:pt-10">
        <Card className="border-0 p-5 text-ink-900 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-balance">{heading}</h1>
          {intro && <div className="mt-1.5 text-sm text-ink-600">{intro}</div>}
          <div className="mt-6">{children}</div>
        </Card>
        {below && <div className="mt-6 text-center text-sm text-white/75">{below}</div>}
      </main>
    </div>
  );
}
