import { useState } from 'react';
import type { GenerationJob } from '../../../../contracts/generation.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import type { HistoryEntry } from '../lib/history.ts';
import { EmptyPreview } from './empty-preview.tsx';
import { FullSizeDialog } from './full-size-dialog.tsx';
import { GenerationProgress } from './generation-progress.tsx';
import { HistoryNav } from './history-nav.tsx';
import { LocalPreviewBadge } from '../../../components/klips/local-preview-badge.tsx';
import { PreviewActions } from './preview-actions.tsx';

export const EDITING_SAVED_KLIP = 'Editing saved klip';

/** The right column: the current image (or progress, or the empty state), history and actions. */
export function PreviewPanel({
  entry,
  counter,
  canBack,
  canNext,
  onBack,
  onNext,
  generating,
  job,
  canRegenerate,
  onRegenerate,
}: {
  entry: HistoryEntry | null;
  counter: string;
  canBack: boolean;
  canNext: boolean;
  onBack: () => void;
  onNext: () => void;
  generating: boolean;
  job: GenerationJob | null;
  canRegenerate: boolean;
  onRegenerate: () => void;
}) {
  const [fullSize, setFullSize] = useState(false);
  const width = entry?.klip?.width ?? null;
  const height = entry?.klip?.height ?? null;
  const alt = entry ? `Generated image: ${entry.prompt}` : '';

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-ink-100 px-4 py-3 sm:px-5">
        <h2 className="text-[15px] font-semibold text-ink-900">Preview</h2>
        {entry && (
          <HistoryNav counter={counter} canBack={canBack} canNext={canNext} onBack={onBack} onNext={onNext} disabled={generating} />
        )}
      </div>

      <div
        className={cn(
          'relative grid place-items-center',
          entry
            ? 'bg-ink-100 bg-[radial-gradient(#d6d6e0_1px,transparent_1px)] [background-size:14px_14px]'
            : 'min-h-80 bg-gradient-to-b from-white to-ink-50 lg:min-h-[30rem]',
        )}
      >
        {entry ? (
          <div className="relative w-full">
            <img
              key={entry.id}
              src={entry.imageUrl}
              alt={alt}
              width={width ?? undefined}
              height={height ?? undefined}
              className="mx-auto block h-auto max-h-[68dvh] w-auto max-w-full object-contain"
            />
            {entry.klip?.source === 'local' && (
              <div className="absolute top-3 left-3">
                <LocalPreviewBadge />
              </div>
            )}
          </div>
        ) : (
          !generating && <EmptyPreview />
        )}
        {generating && (
          <div
            className={cn(
              'grid w-full place-items-center px-6 py-12',
              entry ? 'absolute inset-0 bg-white/85 backdrop-blur-sm' : 'min-h-80 lg:min-h-[30rem]',
            )}
          >
            <GenerationProgress job={job} />
          </div>
        )}
      </div>

      {entry && (
        <div className="flex flex-col gap-3 border-t border-ink-100 px-4 py-4 sm:px-5">
          <PreviewActions
            imageUrl={entry.imageUrl}
            klipId={entry.klipId}
            canRegenerate={canRegenerate}
            generating={generating}
            onRegenerate={onRegenerate}
            onViewFullSize={() => setFullSize(true)}
          />
          <div className="text-xs text-ink-500">
            <p className="line-clamp-2 text-sm text-ink-700" title={entry.prompt}>
              {entry.prompt}
            </p>
            <p className="mt-1">
              {entry.modelName}
              {width && height ? ` · ${width} × ${height} px` : ` · ${entry.aspectRatio}`}
            </p>
          </div>
          <FullSizeDialog open={fullSize} onOpenChange={setFullSize} imageUrl={entry.imageUrl} alt={alt} />
        </div>
      )}
    </Card>
  );
}
