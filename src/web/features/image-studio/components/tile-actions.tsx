import { Download, Link2, Maximize2 } from 'lucide-react';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { downloadLink } from '../lib/download.ts';
import { copyImageUrl } from './preview-actions.tsx';
import { imageStudioTexts } from '../texts.ts';

const iconButton =
  'grid size-9 place-items-center rounded-lg text-ink-700 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500';

/** One variation's own actions, as icons named for it: copy the URL, download, view full size. */
export function TileActions({
  name,
  imageUrl,
  klipId,
  onViewFullSize,
}: {
  /** 'variation 2': what the buttons' accessible names say they act on. */
  name: string;
  imageUrl: string;
  klipId: string | null;
  onViewFullSize: () => void;
}) {
  return (
    <div className="flex justify-end gap-0.5 border-t border-ink-100 bg-white p-1">
      <Tooltip content={imageStudioTexts.copyUrl}>
        <button
          type="button"
          className={iconButton}
          aria-label={imageStudioTexts.copyUrlOf(name)}
          onClick={() => void copyImageUrl(imageUrl)}
        >
          <Link2 className="size-4" aria-hidden="true" />
        </button>
      </Tooltip>
      <Tooltip content={klipId ? imageStudioTexts.downloadJpg : imageStudioTexts.download}>
        <a {...downloadLink(imageUrl, klipId)} className={iconButton} aria-label={imageStudioTexts.downloadOf(name)}>
          <Download className="size-4" aria-hidden="true" />
        </a>
      </Tooltip>
      <Tooltip content={imageStudioTexts.fullSize}>
        <button type="button" className={iconButton} aria-label={imageStudioTexts.viewFullSize(name)} onClick={onViewFullSize}>
          <Maximize2 className="size-4" aria-hidden="true" />
        </button>
      </Tooltip>
    </div>
  );
}
