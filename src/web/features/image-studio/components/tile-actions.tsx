import { Download, Link2, Maximize2 } from 'lucide-react';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { downloadLink } from '../lib/download.ts';
import { copyImageUrl } from './preview-actions.tsx';

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
      <Tooltip content="Copy URL">
        <button type="button" className={iconButton} aria-label={`Copy URL of ${name}`} onClick={() => void copyImageUrl(imageUrl)}>
          <Link2 className="size-4" aria-hidden="true" />
        </button>
      </Tooltip>
      <Tooltip content={klipId ? 'Download JPG' : 'Download'}>
        <a {...downloadLink(imageUrl, klipId)} className={iconButton} aria-label={`Download ${name}`}>
          <Download className="size-4" aria-hidden="true" />
        </a>
      </Tooltip>
      <Tooltip content="Full size">
        <button type="button" className={iconButton} aria-label={`View ${name} full size`} onClick={onViewFullSize}>
          <Maximize2 className="size-4" aria-hidden="true" />
        </button>
      </Tooltip>
    </div>
  );
}
