import { Download, Link2, Maximize2, RefreshCw } from 'lucide-react';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { DOWNLOAD_NAME, klipDownloadUrl, originalDownloadName } from '../lib/download.ts';

export const URL_COPIED = 'Image URL copied';

async function copyImageUrl(imageUrl: string) {
  try {
    await navigator.clipboard.writeText(new URL(imageUrl, window.location.origin).href);
    toast(URL_COPIED, 'success');
  } catch {
    toast('The image URL could not be copied', 'error');
  }
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
      <Button variant="secondary" size="sm" onClick={onRegenerate} disabled={!canRegenerate || generating}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Regenerate
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void copyImageUrl(imageUrl)}>
        <Link2 className="size-4" aria-hidden="true" />
        Copy URL
      </Button>
      <a
        href={klipId ? klipDownloadUrl(klipId) : imageUrl}
        download={klipId ? `${DOWNLOAD_NAME}.jpg` : originalDownloadName(imageUrl)}
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        <Download className="size-4" aria-hidden="true" />
        {klipId ? 'Download JPG' : 'Download'}
      </a>
      <Button variant="secondary" size="sm" onClick={onViewFullSize}>
        <Maximize2 className="size-4" aria-hidden="true" />
        Full size
      </Button>
    </div>
  );
}
