import type { Ref } from 'react';
import type { KlipCard } from '#contracts/klips.ts';
import { useSignedMediaRefresh } from '../../lib/use-signed-media-refresh.ts';

/**
 * The card's picture: the WebP thumbnail (lazy, with its size so nothing shifts as it loads), or a
 * video's poster with the muted video the card plays while hovered or focused.
 */
export function KlipMedia({ klip, videoRef }: { klip: KlipCard; videoRef?: Ref<HTMLVideoElement> }) {
  const onError = useSignedMediaRefresh();
  const width = klip.width ?? 1024;
  const height = klip.height ?? 1024;
  const className = 'h-full w-full object-cover';
  if (klip.klipType === 'video') {
    return (
      <video
        ref={videoRef}
        src={klip.imageUrl}
        poster={klip.posterUrl ?? undefined}
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
  return (
    <img
      src={klip.thumbnailUrl ?? klip.imageUrl}
      alt={klip.prompt}
      loading="lazy"
      decoding="async"
      width={width}
      height={height}
      className={className}
      onError={onError}
    />
  );
}
