import { Check } from 'lucide-react';
import type { StandardModel } from '#contracts/models.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { modelInfoFor } from '../lib/model-info.ts';
import { imageStudioTexts } from '../texts.ts';

/** The Model info modal: what a standard model does well, with a shortcut to use it. */
export function ModelInfoDialog({
  model,
  onClose,
  onUse,
}: {
  model: StandardModel | null;
  onClose: () => void;
  onUse: (model: StandardModel) => void;
}) {
  const info = model ? modelInfoFor(model) : null;
  return (
    <Dialog open={model !== null} onOpenChange={(open) => !open && onClose()}>
      {model && info && (
        <DialogContent title={model.displayName} description={info.tagline}>
          <ul className="flex flex-col gap-3.5">
            {info.points.map((p) => (
              <li key={p.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700"
                >
                  <Check className="size-3.5" strokeWidth={3} />
                </span>
                <span className="text-sm leading-relaxed text-ink-700">
                  <span className="font-semibold text-ink-900">{p.title}.</span> {p.text}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-5 rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700">
            <span className="font-semibold text-ink-900">{imageStudioTexts.bestFor}</span> {info.bestFor}
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{imageStudioTexts.close}</Button>
            </DialogClose>
            <Button onClick={() => onUse(model)}>{imageStudioTexts.pickModel(model.displayName)}</Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
