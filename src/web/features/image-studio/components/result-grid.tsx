import { LocalPreviewBadge } from '#web/components/klips/local-preview-badge.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { resultAlt, type PreviewTile } from '../lib/result-tiles.ts';
import { GenerationProgress } from './generation-progress.tsx';
import { VariationTile } from './variation-tile.tsx';
import { imageStudioTexts } from '../texts.ts';

/** One image fills the preview as it always did. */
function SingleResult({ tile, prompt }: { tile: PreviewTile; prompt: string }) {
  if (tile.kind === 'image') {
    return (
      <div className="relative w-full">
        <img
          key={tile.id}
          src={tile.imageUrl}
          alt={resultAlt(prompt)}
          width={tile.klip?.width ?? undefined}
          height={tile.klip?.height ?? undefined}
          className="mx-auto block h-auto max-h-[68dvh] w-auto max-w-full object-contain"
        />
        {tile.klip?.source === 'local' && (
          <div className="absolute top-3 left-3">
            <LocalPreviewBadge />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="grid min-h-80 w-full place-items-center px-6 py-12 lg:min-h-[30rem]">
      {tile.kind === 'running' ? (
        <GenerationProgress job={tile.job} />
      ) : (
        <Alert tone="error" title={imageStudioTexts.notGenerated} className="w-full max-w-sm">
          {tile.message}
        </Alert>
      )}
    </div>
  );
}

/**
 * The variations side by side, each filling in on its own: one as a single image, two in two
 * columns, three or four in two rows; stacked on phones.
 */
export function ResultGrid({
  tiles,
  prompt,
  onViewFullSize,
}: {
  tiles: readonly PreviewTile[];
  prompt: string;
  onViewFullSize: (index: number) => void;
}) {
  const [only] = tiles;
  if (tiles.length === 1 && only) return <SingleResult tile={only} prompt={prompt} />;
  return (
    <div className="grid w-full gap-3 p-3 sm:grid-cols-2 sm:p-4">
      {tiles.map((tile, i) => (
        <VariationTile key={tile.id} tile={tile} place={i + 1} of={tiles.length} prompt={prompt} onViewFullSize={() => onViewFullSize(i)} />
      ))}
    </div>
  );
}
