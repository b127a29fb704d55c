import { Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { BRAND_FONTS_PER_WORKSPACE, brandKitMessages, type BrandFont } from '#contracts/brand-kits.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useDeleteBrandFont } from '../api/delete-brand-font.ts';
import { useUploadBrandFont } from '../api/upload-brand-font.ts';
import { FONT_ACCEPT, fontFileProblem } from '../lib/brand-files.ts';
import { fontStackOf, useKitFonts } from '../lib/font-faces.ts';
import { brandKitTexts } from '../texts.ts';
import { DeleteDialog } from './delete-dialog.tsx';

/** The workspace's uploaded fonts, each shown in itself; Upload font (checked in the browser first) and Delete. */
export function FontsPanel({ workspaceId, fonts }: { workspaceId: string; fonts: readonly BrandFont[] }) {
  const upload = useUploadBrandFont(workspaceId);
  const remove = useDeleteBrandFont(workspaceId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const full = fonts.length >= BRAND_FONTS_PER_WORKSPACE;
  const [deleting, setDeleting] = useState<BrandFont | null>(null);
  // Focus goes back to the Delete that asked, or to the heading once that font is gone.
  const returnFocus = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useKitFonts(
    fonts.map((f) => ({ kind: 'uploaded', id: f.id }) as const),
    fonts,
  );

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const refused = fontFileProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: (font) => toast(brandKitTexts.fontUploaded(font.family), 'success'),
      onError: (error) => setProblem(userMessage(error)),
    });
  };

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <section aria-labelledby="brand-fonts" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="brand-fonts" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink-900 focus:outline-none">
              {brandKitTexts.fontsHeading}
            </h2>
            <p className="mt-1 text-sm text-ink-600">{brandKitTexts.fontsIntro}</p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button variant="secondary" size="sm" loading={upload.isPending} disabled={full} onClick={() => fileInput.current?.click()}>
              {upload.isPending ? brandKitTexts.uploadingFont : brandKitTexts.uploadFont}
            </Button>
            <p className="text-xs text-ink-500">{brandKitTexts.fontHint}</p>
            <input
              ref={fileInput}
              type="file"
              accept={FONT_ACCEPT}
              aria-label={brandKitTexts.fontFile}
              tabIndex={-1}
              className="sr-only"
              onChange={onFileChosen}
              data-testid="font-file"
            />
          </div>
        </div>
        {full && <Alert tone="info">{brandKitMessages.tooManyFonts(BRAND_FONTS_PER_WORKSPACE)}</Alert>}
        {problem && <Alert tone="error">{problem}</Alert>}
        {fonts.length === 0 ? (
          <p className="text-sm text-ink-500">{brandKitTexts.noFonts}</p>
        ) : (
          <ul className="divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200" data-testid="brand-fonts">
            {fonts.map((font) => (
              <li key={font.id} className="flex items-center gap-3 px-4 py-3">
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-base text-ink-900" style={{ fontFamily: fontStackOf({ kind: 'uploaded', id: font.id }) }}>
                    {font.family}
                  </span>
                  <span className="truncate text-xs text-ink-500">{font.fileName}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={brandKitTexts.deleteFont(font.family)}
                  title={brandKitTexts.deleteFont(font.family)}
                  onClick={(event) => {
                    remove.reset();
                    returnFocus.current = event.currentTarget;
                    setDeleting(font);
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DeleteDialog
        item={deleting && { id: deleting.id, name: deleting.family }}
        onClose={() => setDeleting(null)}
        texts={{
          title: brandKitTexts.deleteFontTitle,
          intro: brandKitTexts.deleteFontIntro,
          confirm: brandKitTexts.deleteFontConfirm,
          done: brandKitTexts.fontDeleted,
        }}
        remove={remove}
        returnFocus={returnFocus}
        heading={heading}
      />
    </Card>
  );
}
