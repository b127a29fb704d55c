import { ArrowRight, Boxes, Clapperboard, ImagePlus, Layers } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { useMyStats } from './api/klip-library.ts';
import { CheckoutNotice } from './components/checkout-notice.tsx';
import { MyKlips } from './components/my-klips.tsx';
import { NoBatchesYet, RecentBatches } from './components/recent-batches.tsx';
import { StatCards } from './components/stat-cards.tsx';
import { batchTexts, shellTexts } from '../../lib/texts.ts';
import { dashboardTexts } from './texts.ts';

const quickActions: ReadonlyArray<{ to: string; title: string; text: string; icon: ComponentType<{ className?: string }> }> = [
  { to: paths.createImage, ...dashboardTexts.quickActions.createImage, icon: ImagePlus },
  { to: paths.createVideo, ...dashboardTexts.quickActions.createVideo, icon: Clapperboard },
  { to: paths.createBatch, title: batchTexts.title, ...dashboardTexts.quickActions.createBatch, icon: Layers },
  { to: paths.models, ...dashboardTexts.quickActions.models, icon: Boxes },
];

/**
 * The signed-in home: a greeting, the quick actions to create an image, a video, a batch, or open the
 * models, the week's numbers, the user's batches and their klip library.
 */
export default function DashboardPage() {
  const { data: me } = useMe();
  const stats = useMyStats();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(dashboardTexts.pageName)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{dashboardTexts.welcomeBack(me?.profile.displayName)}</h1>
      <p className="mt-1 text-ink-600">
        {me ? dashboardTexts.youHave(me.credits) : ''}
        {dashboardTexts.whatWillYouMake}
      </p>
      <CheckoutNotice />
      <nav aria-label={dashboardTexts.quickActionsLabel} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {quickActions.map(({ to, title, text, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="group rounded-[var(--radius-card)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <Card className="flex h-full flex-col p-5 transition-shadow group-hover:shadow-[var(--shadow-pop)]">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-200">
                <Icon className="size-5" />
              </span>
              <span className="mt-4 flex items-center gap-1.5 text-lg font-semibold text-ink-900">
                {title}
                <ArrowRight className="size-4 text-ink-400 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
              </span>
              <span className="mt-1 text-sm text-ink-600">{text}</span>
            </Card>
          </Link>
        ))}
      </nav>
      <StatCards data={stats.data} />
      <RecentBatches />
      <MyKlips />
      <NoBatchesYet />
    </main>
  );
}
