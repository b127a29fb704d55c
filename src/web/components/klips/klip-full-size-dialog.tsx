import { ExternalLink } from 'lucide-react';
import type { KlipCard } from '#contracts/klips.ts';
import { buttonStyles } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { klipTexts } from '../../lib/texts.ts';
import { useSignedMediaRefresh } from '../../lib/use-signed-media-refresh.ts';

/** The klip at full size (a video with its controls); Escape closes it and focus returns. */
export function KlipFullSizeDialog({ klip, open, onOpenChange }: { klip: KlipCard; open: boolean; onOpenChange: (open: boolean) => void }) {
  const onError = useSignedMediaRefresh();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={klipTexts.fullSize} size="xl">
        <div className="flex flex-col items-center gap-4">
          {klip.klipType === 'video' ? (
            <video
              src={klip.imageUrl}
              poster={klip.posterUrl ?? undefined}
              controls
              autoPlay
              muted
              playsInline
              aria-label={klip.prompt}
              className="max-h-[70dvh] w-auto max-w-full rounded-xl bg-ink-950"
              onError={onError}
            />
          ) : (
            <img
              src={klip.imageUrl}
              alt={klip.prompt}
              className="max-h-[70dvh] w-auto max-w-full rounded-xl object-contain ring-1 ring-ink-200"
              onError={onError}
            />
          )}
          <p className="max-w-3xl text-center text-sm break-words text-ink-600">{klip.prompt}</p>
          <a href={klip.imageUrl} target="_blank" rel="noreferrer" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {klipTexts.openInNewTab}
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}
