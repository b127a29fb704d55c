import { Download, Link2, Maximize2, RefreshCw } from 'lucide-react';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { downloadLink } from '../lib/download.ts';
import { imageStudioTexts } from '../texts.ts';

export async function copyImageUrl(imageUrl: string) {
  try {
    await navigator.clipboard.writeText(new URL(imageUrl, window.location.origin).href);
    toast(imageStudioTexts.urlCopied, 'success');
  } catch {
    toast(imageStudioTexts.urlNotCopied, 'error');
  }
}

/** Generates again with the entry's settings and count. */
export function RegenerateButton({ disabled, onRegenerate }: { disabled: boolean; onRegenerate: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onRegenerate} disabled={disabled}>
      <RefreshCw className="size-4" aria-hidden="true" />
      {imageStudioTexts.regenerate}
    </Button>
  );
}

/** Regenerate with the same settings, copy the URL, download as jpg, view full size. */
export function PreviewActions({
  imageUrl,
  klipId,
  canRegenerate,
  generating,
  onRegenerate,
  onViewFullSize,
}: {
  imageUrl: string;
  klipId: string | null;
  canRegenerate: boolean;
  generating: boolean;
  onRegenerate: () => void;
  onViewFullSize: () => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <RegenerateButton disabled={!canRegenerate || generating} onRegenerate={onRegenerate} />
      <Button variant="secondary" size="sm" onClick={() => void copyImageUrl(imageUrl)}>
        <Link2 className="size-4" aria-hidden="true" />
        {imageStudioTexts.copyUrl}
      </Button>
      <a {...downloadLink(imageUrl, klipId)} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
        <Download className="size-4" aria-hidden="true" />
        {klipId ? imageStudioTexts.downloadJpg : imageStudioTexts.download}
      </a>
      <Button variant="secondary" size="sm" onClick={onViewFullSize}>
        <Maximize2 className="size-4" aria-hidden="true" />
        {imageStudioTexts.fullSize}
      </Button>
    </div>
  );
}
