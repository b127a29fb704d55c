import { BackLink } from '#web/components/layout/back-link.tsx';
import { shellTexts } from '#web/lib/texts.ts';
import { ApiKeysSection } from './components/api-keys-section.tsx';
import { DevelopersGate } from './components/developers-gate.tsx';
import { DocsLinks } from './components/docs-links.tsx';
import { WebhooksSection } from './components/webhooks-section.tsx';
import { developerTexts } from './texts.ts';

/** /developers: the current workspace's API keys and webhook endpoints (docs/api.md). */
export default function DevelopersPage() {
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(developerTexts.pageName)}</title>
      <BackLink />
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{developerTexts.pageName}</h1>
          <p className="mt-1 text-ink-600">{developerTexts.intro}</p>
        </div>
        <DocsLinks />
      </div>
      <div className="mt-6">
        <DevelopersGate>
          {(workspace) => (
            <div className="flex flex-col gap-10">
              <ApiKeysSection workspaceId={workspace.id} />
              <WebhooksSection workspaceId={workspace.id} />
            </div>
          )}
        </DevelopersGate>
      </div>
    </main>
  );
}
