import { LocalPreviewBadge } from '#web/components/klips/local-preview-badge.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { resultAlt, type PreviewTile } from '../lib/result-tiles.ts';
import { GenerationProgress } from './generation-progress.tsx';
import { TileActions } from './tile-actions.tsx';
import { imageStudioTexts } from '../texts.ts';

/** One variation in the grid: its progress, its image with its own actions, or its error. */
export function VariationTile({
  tile,
  place,
  of,
  prompt,
  onViewFullSize,
}: {
  tile: PreviewTile;
  /** 1-based. */
  place: number;
  of: number;
  prompt: string;
  onViewFullSize: () => void;
}) {
  return (
    <div
      role="group"
      aria-label={imageStudioTexts.variation(place, of)}
      className="relative flex min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-ink-200"
    >
      {tile.kind === 'image' ? (
        <>
          <img
            src={tile.imageUrl}
            alt={resultAlt(prompt, place, of)}
            width={tile.klip?.width ?? undefined}
            height={tile.klip?.height ?? undefined}
            className="block h-auto max-h-[60dvh] w-full bg-ink-50 object-contain sm:max-h-[34dvh]"
          />
          {tile.klip?.source === 'local' && (
            <div className="absolute top-2 left-2">
              <LocalPreviewBadge />
            </div>
          )}
          <TileActions name={`variation ${place}`} imageUrl={tile.imageUrl} klipId={tile.klipId} onViewFullSize={onViewFullSize} />
        </>
      ) : (
        <div className="grid min-h-56 flex-1 place-items-center p-4">
          {tile.kind === 'running' ? (
            <GenerationProgress job={tile.job} compact />
          ) : (
            <Alert tone="error" title={imageStudioTexts.variationNotGenerated(place)} className="w-full">
              {tile.message}
            </Alert>
          )}
        </div>
      )}
    </div>
  );
}
