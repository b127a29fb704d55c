import { useRef, useState, type ChangeEvent } from 'react';
import { logoVariants, type BrandKit, type LogoVariant } from '#contracts/brand-kits.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useRemoveBrandLogo } from '../api/remove-brand-logo.ts';
import { useUploadBrandLogo } from '../api/upload-brand-logo.ts';
import { LOGO_ACCEPT, logoFileProblem } from '../lib/brand-files.ts';
import { brandKitTexts } from '../texts.ts';

/**
 * The light and dark logos. A kit must exist before a logo can be sent, so on a new kit the section
 * says so and waits for the first save.
 */
export function LogoUploads({ workspaceId, kit }: { workspaceId: string; kit: BrandKit | null }) {
  return (
    <fieldset className="flex flex-col gap-3" disabled={!kit} aria-describedby="kit-logos-hint">
      <legend className="text-sm font-medium text-ink-800">{brandKitTexts.logos}</legend>
      <p id="kit-logos-hint" className="text-xs text-ink-500">
        {brandKitTexts.logosHint}
      </p>
      {kit ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {logoVariants.map((variant) => (
            <LogoSlot key={variant} workspaceId={workspaceId} kit={kit} variant={variant} />
          ))}
        </div>
      ) : (
        <Alert tone="info">{brandKitTexts.logosAfterSave}</Alert>
      )}
    </fieldset>
  );
}

function LogoSlot({ workspaceId, kit, variant }: { workspaceId: string; kit: BrandKit; variant: LogoVariant }) {
  const upload = useUploadBrandLogo(workspaceId, kit.id, variant);
  const remove = useRemoveBrandLogo(workspaceId, kit.id, variant);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The chosen file, shown on both tiles while it uploads (the server's image replaces it).
  const [local, setLocal] = useState<string | null>(null);
  const logo = kit.logos[variant];
  const shown = local ?? logo?.url ?? null;
  const busy = upload.isPending || remove.isPending;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = logoFileProblem(file);
    setProblem(refused);
    if (refused) return;
    const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setLocal(url);
    upload.mutate(file, {
      onError: (error) => setProblem(userMessage(error)),
      onSettled: () => {
        if (url) URL.revokeObjectURL(url);
        setLocal(null);
      },
    });
  };

  const tile = 'relative grid h-24 place-items-center rounded-lg p-3';
  return (
    <div className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-ink-200" data-testid={`logo-${variant}`}>
      <div>
        <p className="text-sm font-semibold text-ink-900">{brandKitTexts.logoName(variant)}</p>
        <p className="text-xs text-ink-500">{brandKitTexts.logoUse(variant)}</p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className={`${tile} bg-white ring-1 ring-ink-200`}>
          {shown ? (
            <img src={shown} alt={brandKitTexts.logoOnLight(variant)} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-ink-400">{brandKitTexts.noLogo}</span>
          )}
          {upload.isPending && (
            <span className="absolute inset-0 grid place-items-center rounded-lg bg-white/70">
              <Spinner label={brandKitTexts.uploadingLogo(variant)} />
            </span>
          )}
        </div>
        <div className={`${tile} bg-ink-900`}>
          {shown ? (
            <img src={shown} alt={brandKitTexts.logoOnDark(variant)} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-ink-300">{brandKitTexts.noLogo}</span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          aria-label={logo ? brandKitTexts.replaceLogoOf(variant) : brandKitTexts.uploadLogoOf(variant)}
          onClick={() => fileInput.current?.click()}
        >
          {logo ? brandKitTexts.replaceLogo : brandKitTexts.uploadLogo}
        </Button>
        {logo && (
          <Button
            variant="ghost"
            size="sm"
            loading={remove.isPending}
            disabled={busy}
            aria-label={brandKitTexts.removeLogoOf(variant)}
            onClick={() => {
              setProblem(null);
              remove.mutate(undefined, { onError: (error) => setProblem(userMessage(error)) });
            }}
          >
            {brandKitTexts.removeLogo}
          </Button>
        )}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={LOGO_ACCEPT}
        aria-label={brandKitTexts.logoFile(variant)}
        tabIndex={-1}
        className="sr-only"
        onChange={onFileChosen}
      />
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}
