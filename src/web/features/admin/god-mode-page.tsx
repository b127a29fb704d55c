import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../components/layout/back-link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { godModeTabs, type GodModeTab } from './god-mode-tabs.ts';
import { adminTexts } from './texts.ts';

const OverviewTab = lazy(() => import('./tabs/overview-tab.tsx'));
const KlipsTab = lazy(() => import('./tabs/klips-tab.tsx'));
const ActivityTab = lazy(() => import('./tabs/activity-tab.tsx'));
const WaitlistTab = lazy(() => import('./tabs/waitlist-tab.tsx'));
const UsersTab = lazy(() => import('./tabs/users-tab.tsx'));
const WorkspacesTab = lazy(() => import('./tabs/workspaces-tab.tsx'));
const ModelsTab = lazy(() => import('./tabs/models-tab.tsx'));

const panels: Record<GodModeTab, React.ComponentType> = {
  overview: OverviewTab,
  klips: KlipsTab,
  activity: ActivityTab,
  waitlist: WaitlistTab,
  users: UsersTab,
  workspaces: WorkspacesTab,
  models: ModelsTab,
};

const isTab = (value: string | null): value is GodModeTab => (godModeTabs as readonly string[]).includes(value ?? '');

/** /super-admin: the platform at a glance and the operator's tools, one tab each (kept in ?tab= so reloads and links keep it). */
export default function GodModePage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: GodModeTab = isTab(requested) ? requested : 'overview';

  const select = (next: string) => {
    if (!isTab(next)) return;
    setSearch(next === 'overview' ? {} : { tab: next }, { replace: true });
  };

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <BackLink />
      <h1 className="mt-4 font-display text-2xl font-bold text-ink-900 sm:text-3xl">{adminTexts.title}</h1>
      <p className="mt-1 text-sm text-ink-600">{adminTexts.subtitle}</p>
      <Tabs value={tab} onValueChange={select} className="mt-6">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList aria-label={adminTexts.tabsLabel}>
            {godModeTabs.map((t) => (
              <TabsTrigger key={t} value={t} className="whitespace-nowrap">
                {adminTexts.tabs[t]}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {godModeTabs.map((t) => {
          const Panel = panels[t];
          return (
            <TabsContent key={t} value={t}>
              {t === tab && (
                <Suspense
                  fallback={
                    <div className="grid place-items-center py-16">
                      <Spinner />
                    </div>
                  }
                >
                  <Panel />
                </Suspense>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </main>
  );
}
