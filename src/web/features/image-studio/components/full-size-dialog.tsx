import { ExternalLink } from 'lucide-react';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { imageStudioTexts } from '../texts.ts';

/** View full size: the image in a dialog (Escape closes, focus returns), with a link to open it in a new tab. */
export function FullSizeDialog({
  open,
  onOpenChange,
  imageUrl,
  alt,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  imageUrl: string;
  alt: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={imageStudioTexts.fullSize} size="xl">
        <div className="flex flex-col items-center gap-4">
          <img src={imageUrl} alt={alt} className="max-h-[70dvh] w-auto max-w-full rounded-xl object-contain ring-1 ring-ink-200" />
          <a href={imageUrl} target="_blank" rel="noreferrer" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {imageStudioTexts.openInNewTab}
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}
