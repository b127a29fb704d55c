import type { Glyph } from 'fontkit';
import type { Face } from './fonts.ts';

/** A glyph's outline as SVG path data and its ink box, in font units (y up). */
export interface Outline {
  d: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/**
 * Outlines by face and glyph id: a glyph's path is built once per process, not once per ad. The
 * faces are bounded like the parsed uploads (fonts.ts): each upload is a face of its own, so without
 * a bound a long-running server would keep every font any workspace ever used.
 */
const outlines = new Map<string, Map<number, Outline>>();
const MAX_FACES = 64;

export function outlineOf(face: Face, glyph: Glyph): Outline {
  let byId = outlines.get(face.key);
  if (!byId) {
    byId = new Map();
    outlines.set(face.key, byId);
    if (outlines.size > MAX_FACES) outlines.delete(outlines.keys().next().value!);
  }
  let outline = byId.get(glyph.id);
  if (!outline) {
    const path = glyph.path;
    const d = path.commands.length > 0 ? path.toSVG() : '';
    const box = d ? path.bbox : { minX: 0, maxX: 0, minY: 0, maxY: 0 };
    outline = { d, xMin: box.minX, xMax: box.maxX, yMin: box.minY, yMax: box.maxY };
    byId.set(glyph.id, outline);
  }
  return outline;
}
