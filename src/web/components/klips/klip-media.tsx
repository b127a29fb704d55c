import type { Ref } from 'react';
import { posterRendition, renditionSrcSet } from '#contracts/klip-renditions.ts';
import type { KlipCard } from '#contracts/klips.ts';
import { useSignedMediaRefresh } from '../../lib/use-signed-media-refresh.ts';

/** How wide a card is in the klip grids (klip-results.tsx: 1 column, 2 from sm, 3 from lg, 4 from xl in a 1280 px page). */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, calc(100vw - 2rem)';

/**
 * The card's picture: sized WebP copies through `srcset`, the browser taking the one the card's
 * width needs (lazy, with its size so nothing shifts as it loads; the grid's first card is `eager`,
 * fetched first), or a video's poster copy with the muted video the card plays while hovered or
 * focused. Never the original: that is for the download and the full-size view.
 */
export function KlipMedia({ klip, videoRef, eager = false }: { klip: KlipCard; videoRef?: Ref<HTMLVideoElement>; eager?: boolean }) {
  const onError = useSignedMediaRefresh();
  const width = klip.width ?? 1024;
  const height = klip.height ?? 1024;
  const className = 'h-full w-full object-cover';
  if (klip.klipType === 'video') {
    return (
      <video
        ref={videoRef}
        src={klip.imageUrl}
        poster={posterRendition(klip.renditions)?.url ?? klip.posterUrl ?? undefined}
        muted
        loop
        playsInline
        preload="none"
        width={width}
        height={height}
        aria-label={klip.prompt}
        className={className}
        onError={onError}
      />
    );
  }
  const fallback = klip.renditions[0]?.url ?? klip.thumbnailUrl ?? klip.imageUrl;
  return (
    <img
      src={fallback}
      srcSet={klip.renditions.length > 0 ? renditionSrcSet(klip.renditions) : undefined}
      sizes={klip.renditions.length > 0 ? CARD_IMAGE_SIZES : undefined}
      alt={klip.prompt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      width={width}
      height={height}
      className={className}
      onError={onError}
    />
  );
}
