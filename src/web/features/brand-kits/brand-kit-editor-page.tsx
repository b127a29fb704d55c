import { useParams } from 'react-router';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { paths } from '#web/lib/paths.ts';
import { shellTexts } from '#web/lib/texts.ts';
import { KitEditor } from './components/kit-editor.tsx';
import { KitsGate } from './components/kits-gate.tsx';
import { brandKitTexts } from './texts.ts';

/** /brand-kits/new and /brand-kits/:kitId: a kit's form with its live preview. */
export default function BrandKitEditorPage() {
  const { kitId } = useParams();
  const heading = kitId ? brandKitTexts.editKitTitle : brandKitTexts.newKitTitle;
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(heading)}</title>
      <BackLink to={paths.brandKits}>{brandKitTexts.backToKits}</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{heading}</h1>
      <div className="mt-6">
        <KitsGate>
          {(workspace, list) => {
            const kit = kitId ? list.kits.find((k) => k.id === kitId) : undefined;
            if (kitId && !kit) return <Alert tone="error">{brandKitTexts.kitNotFound}</Alert>;
            return <KitEditor key={kit?.id ?? 'new'} workspaceId={workspace.id} kit={kit ?? null} list={list} />;
          }}
        </KitsGate>
      </div>
    </main>
  );
}
