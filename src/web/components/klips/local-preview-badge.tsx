import { Info } from 'lucide-react';
import { Tooltip } from '../ui/tooltip.tsx';
import { klipTexts } from '../../lib/texts.ts';

/** Marks a klip from the local renderer (product decisions: the UI says when a klip came from it). */
export function LocalPreviewBadge() {
  return (
    <Tooltip content={klipTexts.localPreviewExplained} side="bottom">
      <button
        type="button"
        aria-label={klipTexts.localPreviewName(klipTexts.localPreviewExplained)}
        className="inline-flex items-center gap-1 rounded-full bg-ink-950/75 px-2.5 py-1 text-xs font-semibold text-white shadow-sm backdrop-blur focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Info className="size-3.5" aria-hidden="true" />
        <span aria-hidden="true">{klipTexts.localPreview}</span>
      </button>
    </Tooltip>
  );
}
