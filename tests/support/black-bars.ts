/**
 * Finds black bars: an edge row or column of a picture (RGB, 3 bytes a pixel) that is nearly all
 * black. A dark scene keeps some colour at its edges; letterboxing, an undrawn strip or a vignette
 * crushed to black does not.
 */
const NEAR_BLACK = 20;
const SHARE = 0.9;

export function blackBars(rgb: Buffer, width: number, height: number): string[] {
  const dark = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]! < NEAR_BLACK;
  };
  const share = (points: Array<[number, number]>) => points.filter(([x, y]) => dark(x, y)).length / points.length;
  const row = (y: number) => Array.from({ length: width }, (_, x): [number, number] => [x, y]);
  const column = (x: number) => Array.from({ length: height }, (_, y): [number, number] => [x, y]);
  const edges: Array<[string, Array<[number, number]>]> = [
    ['top', row(0)],
    ['bottom', row(height - 1)],
    ['left', column(0)],
    ['right', column(width - 1)],
  ];
  return edges.filter(([, points]) => share(points) >= SHARE).map(([edge]) => edge);
}
