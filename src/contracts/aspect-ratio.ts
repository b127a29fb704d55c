/** Aspect ratios of the image editor (docs/product-rules.md#generation); 1:1 is the default. */
export const aspectRatios = ['1:1', '16:9', '4:3', '3:2'] as const;
export type AspectRatio = (typeof aspectRatios)[number];
export const DEFAULT_ASPECT_RATIO: AspectRatio = '1:1';
export const BASE_DIMENSION = 1024;

/** W:H scaled so the longer side is 1024 ; unparsable ratios give 1024×1024. */
export function dimensionsFor(ratio: string, base = BASE_DIMENSION): { width: number; height: number } {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(ratio.trim());
  const w = match ? Number(match[1]) : 0;
  const h = match ? Number(match[2]) : 0;
  if (!(w > 0 && h > 0)) return { width: base, height: base };
  return w >= h ? { width: base, height: Math.round((base * h) / w) } : { width: Math.round((base * w) / h), height: base };
}
