import { MAX_BATCH_ITEMS } from '#contracts/batches.ts';
import type { ProductPhotos } from '../hooks/use-product-photos.ts';
import { PhotoTile } from './photo-tile.tsx';
import { batchesTexts } from '../texts.ts';

/** 'N of 50', the limit's refusal and the photos as tiles. */
export function PhotoList({ photos }: { photos: ProductPhotos }) {
  const refused = photos.photos.length - photos.count;
  return (
    <>
      <p className="text-sm text-ink-600" aria-live="polite">
        <span className="font-semibold text-ink-900 tabular-nums">{batchesTexts.photoCount(photos.total, MAX_BATCH_ITEMS)}</span>{' '}
        {batchesTexts.photosRefused(refused)}
      </p>
      {photos.limitError && (
        <p role="alert" className="text-sm font-medium text-danger-600">
          {photos.limitError}
        </p>
      )}
      {photos.photos.length > 0 && (
        <ul aria-label={batchesTexts.productPhotos} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {photos.photos.map((photo) => (
            <PhotoTile key={photo.key} photo={photo} onRemove={() => photos.remove(photo.key)} />
          ))}
        </ul>
      )}
    </>
  );
}
