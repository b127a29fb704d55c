import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { BRAND_KITS_PER_WORKSPACE, brandKitMessages, type BrandKit, type BrandKitList } from '#contracts/brand-kits.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { shellTexts } from '#web/lib/texts.ts';
import { useDeleteBrandKit } from './api/delete-brand-kit.ts';
import { useMakeDefaultBrandKit } from './api/make-default-brand-kit.ts';
import { FontsPanel } from './components/fonts-panel.tsx';
import { KitCard } from './components/kit-card.tsx';
import { KitsGate } from './components/kits-gate.tsx';
import { brandKitTexts } from './texts.ts';
import { DeleteDialog } from './components/delete-dialog.tsx';

/** /brand-kits: the current workspace's kits and uploaded fonts. */
export default function BrandKitsPage() {
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(brandKitTexts.pageName)}</title>
      <BackLink />
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{brandKitTexts.pageName}</h1>
          <p className="mt-1 text-ink-600">{brandKitTexts.intro}</p>
        </div>
      </div>
      <div className="mt-6">
        <KitsGate>{(workspace, list) => <KitsAndFonts workspace={workspace} list={list} />}</KitsGate>
      </div>
    </main>
  );
}

function NewKitLink({ children }: { children: string }) {
  return (
    <Link to={paths.newBrandKit} className={buttonStyles({ variant: 'primary', size: 'md' })}>
      <Plus className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

function KitsAndFonts({ workspace, list }: { workspace: WorkspaceSummary; list: BrandKitList }) {
  const canDelete = workspace.role === 'owner' || workspace.role === 'admin';
  const makeDefault = useMakeDefaultBrandKit(workspace.id);
  const remove = useDeleteBrandKit(workspace.id);
  const [deleting, setDeleting] = useState<BrandKit | null>(null);
  // Focus goes back to the Delete that asked, or to the heading once that kit (and its button) is gone.
  const returnFocus = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <div className="flex flex-col gap-6">
      {list.kits.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-5 py-10 text-center sm:px-6" data-testid="brand-kits-empty">
          <h2 className="text-lg font-semibold text-ink-900">{brandKitTexts.emptyTitle}</h2>
          <p className="max-w-md text-sm text-ink-600">{brandKitTexts.emptyText}</p>
          <div className="mt-2">
            <NewKitLink>{brandKitTexts.createFirst}</NewKitLink>
          </div>
        </Card>
      ) : (
        <section aria-labelledby="brand-kits-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="brand-kits-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink-900 focus:outline-none">
              {brandKitTexts.kitsHeading}
            </h2>
            {list.kits.length < BRAND_KITS_PER_WORKSPACE && <NewKitLink>{brandKitTexts.newKit}</NewKitLink>}
          </div>
          {list.kits.length >= BRAND_KITS_PER_WORKSPACE && (
            <Alert tone="info">{brandKitMessages.tooManyKits(BRAND_KITS_PER_WORKSPACE)}</Alert>
          )}
          {makeDefault.error != null && (
            <Alert tone="error" title={brandKitTexts.actionFailed}>
              {userMessage(makeDefault.error)}
            </Alert>
          )}
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="brand-kits">
            {list.kits.map((kit) => (
              <KitCard
                key={kit.id}
                kit={kit}
                fonts={list.fonts}
                canDelete={canDelete}
                makingDefault={makeDefault.isPending && makeDefault.variables === kit.id}
                onMakeDefault={() => makeDefault.mutate(kit.id, { onSuccess: () => toast(brandKitTexts.madeDefault(kit.name), 'success') })}
                onDelete={(opener) => {
                  remove.reset();
                  returnFocus.current = opener;
                  setDeleting(kit);
                }}
              />
            ))}
          </ul>
        </section>
      )}
      <FontsPanel workspaceId={workspace.id} fonts={list.fonts} />
      <DeleteDialog
        item={deleting && { id: deleting.id, name: deleting.name }}
        onClose={() => setDeleting(null)}
        texts={{
          title: brandKitTexts.deleteTitle,
          intro: brandKitTexts.deleteIntro,
          confirm: brandKitTexts.deleteConfirm,
          done: brandKitTexts.deleted,
        }}
        remove={remove}
        returnFocus={returnFocus}
        heading={heading}
      />
    </div>
  );
}
