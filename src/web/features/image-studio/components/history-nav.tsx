import { ChevronLeft, ChevronRight } from 'lucide-react';
import { imageStudioTexts } from '../texts.ts';

const navButton =
  'grid size-8 place-items-center rounded-lg text-ink-700 hover:bg-ink-100 disabled:pointer-events-none disabled:opacity-35 focus-visible:outline-2 focus-visible:outline-brand-500';

/** Back / next through the images of this session, with a '2 / 5' counter. */
export function HistoryNav({
  counter,
  canBack,
  canNext,
  onBack,
  onNext,
  disabled,
}: {
  counter: string;
  canBack: boolean;
  canNext: boolean;
  onBack: () => void;
  onNext: () => void;
  disabled?: boolean;
}) {
  return (
    <div
      className="flex items-center gap-1 rounded-xl bg-white p-0.5 ring-1 ring-ink-200"
      role="group"
      aria-label={imageStudioTexts.history}
    >
      <button
        type="button"
        className={navButton}
        onClick={onBack}
        disabled={!canBack || disabled}
        aria-label={imageStudioTexts.previousImage}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      <span
        className="min-w-10 text-center text-xs font-semibold text-ink-700 tabular-nums"
        aria-live="polite"
        data-testid="history-counter"
      >
        {counter}
      </span>
      <button type="button" className={navButton} onClick={onNext} disabled={!canNext || disabled} aria-label={imageStudioTexts.nextImage}>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
