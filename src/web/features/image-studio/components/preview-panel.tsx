import { useState } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import type { HistoryEntry } from '../lib/history.ts';
import { resultAlt, type LiveResult } from '../lib/result-tiles.ts';
import { EmptyPreview } from './empty-preview.tsx';
import { FullSizeDialog } from './full-size-dialog.tsx';
import { HistoryNav } from './history-nav.tsx';
import { PreviewActions, RegenerateButton } from './preview-actions.tsx';
import { ResultGrid } from './result-grid.tsx';
import { imageStudioTexts } from '../texts.ts';

/** The right column: the variations being made (or the current history entry, or the empty state), history and actions. */
export function PreviewPanel({
  entry,
  counter,
  canBack,
  canNext,
  onBack,
  onNext,
  live,
  canRegenerate,
  onRegenerate,
}: {
  entry: HistoryEntry | null;
  counter: string;
  canBack: boolean;
  canNext: boolean;
  onBack: () => void;
  onNext: () => void;
  /** Null when nothing is being generated. */
  live: LiveResult | null;
  canRegenerate: boolean;
  onRegenerate: () => void;
}) {
  const [fullSize, setFullSize] = useState<number | null>(null);
  const shown = live ?? (entry ? { tiles: entry.tiles, prompt: entry.prompt } : null);
  const opened = fullSize === null ? undefined : shown?.tiles[fullSize];
  const image = opened?.kind === 'image' ? opened : null;
  const [single] = entry?.tiles ?? [];
  const generating = live !== null;

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-ink-100 px-4 py-3 sm:px-5">
        <h2 className="text-[15px] font-semibold text-ink-900">{imageStudioTexts.preview}</h2>
        {entry && (
          <HistoryNav counter={counter} canBack={canBack} canNext={canNext} onBack={onBack} onNext={onNext} disabled={generating} />
        )}
      </div>

      <div
        className={cn(
          'relative grid place-items-center',
          shown
            ? 'bg-ink-100 bg-[radial-gradient(#d6d6e0_1px,transparent_1px)] [background-size:14px_14px]'
            : 'min-h-80 bg-gradient-to-b from-white to-ink-50 lg:min-h-[30rem]',
        )}
      >
        {shown ? <ResultGrid tiles={shown.tiles} prompt={shown.prompt} onViewFullSize={setFullSize} /> : <EmptyPreview />}
      </div>

      {entry && !generating && (
        <div className="flex flex-col gap-3 border-t border-ink-100 px-4 py-4 sm:px-5">
          {entry.tiles.length === 1 && single?.kind === 'image' ? (
            <PreviewActions
              imageUrl={single.imageUrl}
              klipId={single.klipId}
              canRegenerate={canRegenerate}
              generating={generating}
              onRegenerate={onRegenerate}
              onViewFullSize={() => setFullSize(0)}
            />
          ) : (
            <div className="flex">
              <RegenerateButton disabled={!canRegenerate} onRegenerate={onRegenerate} />
            </div>
          )}
          <div className="text-xs text-ink-500">
            <p className="line-clamp-2 text-sm text-ink-700" title={entry.prompt}>
              {entry.prompt}
            </p>
            <p className="mt-1">
              {entry.modelName}
              {entry.tiles.length > 1
                ? imageStudioTexts.variationsDetail(entry.tiles.length, entry.aspectRatio)
                : single?.kind === 'image' && single.klip?.width && single.klip.height
                  ? imageStudioTexts.sizeDetail(single.klip.width, single.klip.height)
                  : ` · ${entry.aspectRatio}`}
            </p>
          </div>
        </div>
      )}
      {shown && (
        <FullSizeDialog
          open={image !== null}
          onOpenChange={(open) => !open && setFullSize(null)}
          imageUrl={image?.imageUrl ?? ''}
          alt={resultAlt(shown.prompt)}
        />
      )}
    </Card>
  );
}
