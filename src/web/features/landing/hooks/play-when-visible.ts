/**
 * Ref callback for the muted, looping sample videos: plays one only while it is on screen and
 * pauses it when it leaves, so with `preload="none"` nothing is fetched before it is seen.
 * With reduced motion it never starts and the poster stays. React 19 runs the returned cleanup.
 */
export function playWhenVisible(video: HTMLVideoElement | null): (() => void) | undefined {
  if (!video || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
  const observer = new IntersectionObserver(([entry]) => {
    // Autoplay can be refused (e.g. power saving); the poster then stays in place.
    if (entry?.isIntersecting) video.play().catch(() => undefined);
    else video.pause();
  });
  observer.observe(video);
  return () => observer.disconnect();
}
