/**
 * Sized WebP copies of a klip's picture (an image's own file, a video's poster) that pages show
 * instead of the original (docs/architecture.md#klip-renditions). Only these widths exist: the
 * route refuses any other, so nobody can make the server resize to sizes of their choosing.
 */
export const RENDITION_WIDTHS = [320, 640, 960, 1280] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export interface Rendition {
  width: number;
  url: string;
}

/** The `srcset` of a klip's renditions (the share page's preload in its HTML uses the same one). */
export function renditionSrcSet(renditions: readonly Rendition[]): string {
  return renditions.map((r) => `${r.url} ${r.width}w`).join(', ');
}

/** The share page's picture: full width on a phone, about 60% of a 1152 px article from `lg` (1024 px) on. */
export const SHARE_IMAGE_SIZES = '(min-width: 1280px) 690px, (min-width: 1024px) 58vw, calc(100vw - 2rem)';

/** The one copy a video's poster uses (a poster takes no `srcset`): the widest up to 960 px. */
export function posterRendition(renditions: readonly Rendition[]): Rendition | undefined {
  return renditions.filter((r) => r.width <= 960).at(-1) ?? renditions[0];
}
