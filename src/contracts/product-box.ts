/**
 * Where the product stands in a klip, as fractions of the image (x, y, width, height), when the
 * renderer knows it: the built-in renderer records it for product shots as the klip attribute
 * `product_box` ("0.3100,0.2000,0.3800,0.6400"); ads keep their text and logo off it.
 */
export interface ProductBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const PRODUCT_BOX_ATTRIBUTE = 'product_box';

const digits = (n: number) => n.toFixed(4);

export function formatProductBox(box: ProductBox): string {
  return [box.x, box.y, box.width, box.height].map(digits).join(',');
}

/** The box an attribute holds, or null for anything that is not four fractions inside the image. */
export function parseProductBox(value: string | undefined): ProductBox | null {
  const parts = value?.split(',').map(Number);
  if (!parts || parts.length !== 4 || parts.some((n) => !Number.isFinite(n) || n < 0 || n > 1)) return null;
  const [x, y, width, height] = parts as [number, number, number, number];
  if (width <= 0 || height <= 0 || x + width > 1.0001 || y + height > 1.0001) return null;
  return { x, y, width, height };
}
