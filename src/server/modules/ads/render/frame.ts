import type { AdSize } from '#contracts/ad-formats.ts';
import { area, bottom, clamp, right, type Rect } from './geometry.ts';

/** The product's box in the base image, as fractions (0..1) of its width and height. */
export interface ProductBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** How the base image covers the frame: resized to `resized`, then the frame cut at `left`, `top`. */
export interface CoverPlan {
  frame: Size;
  resized: Size;
  left: number;
  top: number;
  /** The product's box in the frame's pixels (clipped to the frame), or null. */
  product: Rect | null;
}

/**
 * The base image fills the frame (cover). The cut is centred, but moved as little as needed to keep
 * the product's box in the frame when it is known and fits.
 */
export function planCover(source: Size, frame: Size, product: ProductBox | null | undefined): CoverPlan {
  const scale = Math.max(frame.width / source.width, frame.height / source.height);
  const resized = {
    width: Math.max(frame.width, Math.round(source.width * scale)),
    height: Math.max(frame.height, Math.round(source.height * scale)),
  };
  let left = Math.floor((resized.width - frame.width) / 2);
  let top = Math.floor((resized.height - frame.height) / 2);
  if (!product) return { frame, resized, left, top, product: null };
  const px0 = clamp(product.x, 0, 1) * resized.width;
  const px1 = clamp(product.x + product.width, 0, 1) * resized.width;
  const py0 = clamp(product.y, 0, 1) * resized.height;
  const py1 = clamp(product.y + product.height, 0, 1) * resized.height;
  if (px0 < left) left = Math.floor(px0);
  if (px1 > left + frame.width) left = Math.ceil(px1 - frame.width);
  if (py0 < top) top = Math.floor(py0);
  if (py1 > top + frame.height) top = Math.ceil(py1 - frame.height);
  left = clamp(left, 0, resized.width - frame.width);
  top = clamp(top, 0, resized.height - frame.height);
  const x0 = clamp(Math.floor(px0 - left), 0, frame.width);
  const y0 = clamp(Math.floor(py0 - top), 0, frame.height);
  const x1 = clamp(Math.ceil(px1 - left), 0, frame.width);
  const y1 = clamp(Math.ceil(py1 - top), 0, frame.height);
  const rect = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  return { frame, resized, left, top, product: area(rect) > 0 ? rect : null };
}

/** The part of the (oriented) source that the frame shows, in source pixels. */
export function sourceCrop(cover: CoverPlan, source: Size): { left: number; top: number; width: number; height: number } {
  const sx = cover.resized.width / source.width;
  const sy = cover.resized.height / source.height;
  const left = clamp(Math.floor(cover.left / sx), 0, source.width - 1);
  const top = clamp(Math.floor(cover.top / sy), 0, source.height - 1);
  const frameWidth = cover.frame.width;
  const frameHeight = cover.frame.height;
  return {
    left,
    top,
    width: clamp(Math.round(frameWidth / sx), 1, source.width - left),
    height: clamp(Math.round(frameHeight / sy), 1, source.height - top),
  };
}

/** The frame's geometry for the layouts: where overlays may go and the unit they are sized by. */
export interface Stage {
  width: number;
  height: number;
  /** The short side: sizes and paddings are fractions of it. */
  unit: number;
  pad: number;
  /** The frame minus the size's safe zones (stories keep their top and bottom free). */
  content: Rect;
  product: Rect | null;
}

export function stageOf(size: AdSize, product: Rect | null): Stage {
  const unit = Math.min(size.width, size.height);
  const top = Math.ceil(size.height * size.safeZone.top);
  const bottomEdge = Math.floor(size.height * (1 - size.safeZone.bottom));
  return {
    width: size.width,
    height: size.height,
    unit,
    pad: Math.round(unit * 0.045),
    content: { x: 0, y: top, width: size.width, height: bottomEdge - top },
    product,
  };
}

export type Side = 'top' | 'bottom' | 'left' | 'right';

/** The parts of the content area beside the product (a gap away from it), per side; the whole content area on every side without a product. */
export function freeRegions(stage: Stage): Record<Side, Rect> {
  const c = stage.content;
  const p = stage.product;
  if (!p) return { top: c, bottom: c, left: c, right: c };
  const gap = Math.round(stage.unit * 0.02);
  const topEdge = Math.min(bottom(c), Math.max(c.y, p.y - gap));
  const bottomStart = Math.max(c.y, Math.min(bottom(c), bottom(p) + gap));
  const leftEdge = Math.max(0, p.x - gap);
  const rightStart = Math.min(stage.width, right(p) + gap);
  return {
    top: { x: c.x, y: c.y, width: c.width, height: topEdge - c.y },
    bottom: { x: c.x, y: bottomStart, width: c.width, height: bottom(c) - bottomStart },
    left: { x: c.x, y: c.y, width: leftEdge - c.x, height: c.height },
    right: { x: rightStart, y: c.y, width: right(c) - rightStart, height: c.height },
  };
}
