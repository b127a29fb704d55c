/**
 * Composes a whole picture: the backdrop for the place, then the subject (a product on a podium,
 * a figure, or nothing for a pure landscape), then foreground, mood overlays and vignette.
 */
import { darken, hex, lighten } from '../colour.ts';
import type { Palette } from '../palette.ts';
import { createRng, type Rng } from '../prng.ts';
import type { ObjectName, PlaceName, PromptCues } from '../prompt-cues.ts';
import type { Backdrop, BackdropContext } from './backdrop.ts';
import { bathroom, kitchen, room, STUDIO_LAYOUTS, studio, type StudioLayout } from './backdrops-indoor.ts';
import { beach, city, desert, forest, garden, mountain, pool, snow, space } from './backdrops-outdoor.ts';
import { bokeh, confetti, props, sparkles } from './decor.ts';
import { drawFigure, type FigureSpec } from './figure.ts';
import { drawPodium, type PodiumShape, softShadow } from './podium.ts';
import { drawProduct } from './products.ts';
import { createDefs, linear, n, radial, type SvgDefs, svgDocument } from './svg-kit.ts';

export interface FrameOptions {
  width: number;
  height: number;
  cues: PromptCues;
  palette: Palette;
  seed: number;
  /** Keep the subject centred (try-on, product editor) instead of letting the layout move it. */
  centred?: boolean;
  /** Nothing will stand in the picture: give the sky more room. */
  landscape?: boolean;
  /** Studio layouts to choose from; busy ones would fight with a large uploaded product. */
  studioLayouts?: readonly StudioLayout[];
}

export interface Frame {
  defs: SvgDefs;
  ctx: BackdropContext;
  backdrop: Backdrop;
  place: PlaceName;
  /** Where a subject stands: centre x and ground y. */
  focusX: number;
  floorY: number;
  /** Seeded choices for the subject (podium shape, small offsets). */
  rng: Rng;
}

const INDOOR_SURFACES = new Set<PlaceName>(['kitchen', 'bathroom', 'room']);

function horizonRatio(place: PlaceName): number {
  if (place === 'studio') return 0.64;
  if (INDOOR_SURFACES.has(place)) return 0.62;
  if (place === 'mountain' || place === 'desert') return 0.6;
  return 0.58;
}

const BACKDROPS: Record<Exclude<PlaceName, 'studio'>, (ctx: BackdropContext) => Backdrop> = {
  beach,
  forest,
  city,
  snow,
  desert,
  garden,
  mountain,
  pool,
  space,
  kitchen,
  bathroom,
  room,
};

function backdropFor(ctx: BackdropContext, place: PlaceName, layouts: readonly StudioLayout[]): Backdrop {
  if (place !== 'studio') return BACKDROPS[place](ctx);
  const allowed = (preferred: readonly StudioLayout[]) => preferred.filter((x) => layouts.includes(x));
  let choices: readonly StudioLayout[] = layouts;
  if (ctx.cues.moods.includes('minimal')) choices = allowed(['arch', 'disc', 'gobo']);
  if (ctx.cues.moods.includes('bold')) choices = allowed(['split', 'disc', 'floating']);
  return studio(ctx, ctx.layout.pick(choices.length > 0 ? choices : layouts));
}

/** The backdrop and the stage of a picture, before any subject is drawn. */
export function buildFrame(options: FrameOptions): Frame {
  const { width, height, cues, palette, seed } = options;
  const defs = createDefs();
  const layout = createRng('layout', cues.hash);
  const rng = createRng('decor', cues.hash, seed);
  const place = cues.place ?? 'studio';
  const wide = width / height >= 1.3;
  const focusX = options.centred || !wide ? width / 2 : width * layout.pick([0.5, 0.36, 0.64]);
  const horizon = height * (options.landscape && !INDOOR_SURFACES.has(place) && place !== 'studio' ? 0.7 : horizonRatio(place));
  const ctx: BackdropContext = {
    defs,
    rng,
    unit: Math.min(width, height) / 1024,
    width,
    height,
    palette,
    cues,
    horizon,
    lightFromLeft: rng.chance(0.5),
    focusX,
    layout,
  };
  const backdrop = backdropFor(ctx, place, options.studioLayouts ?? STUDIO_LAYOUTS);
  return { defs, ctx, backdrop, place, focusX, floorY: horizon + (height - horizon) * 0.55, rng: createRng('stage', cues.hash, seed) };
}

/** Overlays that set the mood: confetti, sparkles, warm light, vignette. */
function moodOverlays(frame: Frame): string {
  const { ctx } = frame;
  const { palette, cues, width: w, height: h } = ctx;
  const all = { x: 0, y: 0, width: w, height: h };
  let out = '';
  if (cues.moods.includes('playful'))
    out += confetti(ctx, all, Math.round(34 * palette.decor), [
      palette.accent,
      palette.accent2,
      palette.product,
      lighten(palette.accent, 0.5),
    ]);
  if (cues.moods.includes('luxury')) out += sparkles(ctx, all, 9, palette.metal);
  const leak = linear(
    ctx.defs,
    [
      [0, hex(palette.light), cues.time === 'sunset' || cues.moods.includes('cozy') ? 0.28 : 0.12],
      [0.55, hex(palette.light), 0],
    ],
    { x1: ctx.lightFromLeft ? 0 : 1, y1: 0, x2: ctx.lightFromLeft ? 1 : 0, y2: 0.6 },
  );
  out += `<rect width="${w}" height="${h}" fill="${leak}"/>`;
  if (palette.vignette > 0) {
    const vignette = radial(
      ctx.defs,
      [
        [0.55, '#000000', 0],
        [1, '#000000', palette.vignette],
      ],
      { r: 0.75 },
    );
    out += `<rect width="${w}" height="${h}" fill="${vignette}"/>`;
  }
  return out;
}

/** Mood touches that belong behind the subject: warm out-of-focus lights for cozy scenes. */
function moodBackground(frame: Frame): string {
  const { ctx } = frame;
  // On light walls out-of-focus lights read as smudges; they only work against the dark.
  if (!ctx.cues.moods.includes('cozy') || !ctx.palette.dark) return '';
  return bokeh(
    ctx,
    { x: 0, y: 0, width: ctx.width, height: ctx.horizon * 0.85 },
    Math.round(8 * ctx.palette.decor),
    [ctx.palette.light, ctx.palette.accent],
    0.25,
  );
}

/** Wraps the backdrop, a subject and the overlays into one SVG document. */
export function finishFrame(frame: Frame, subject: string): string {
  return svgDocument(
    frame.ctx.width,
    frame.ctx.height,
    frame.defs,
    frame.backdrop.back + moodBackground(frame) + subject + frame.backdrop.front + moodOverlays(frame),
  );
}

/** The podium a product `pw` wide at `cx` stands on (when `podium` says so, else the bare floor): its markup, the y the product stands at and how wide the stand is. */
export function stageFor(frame: Frame, cx: number, pw: number, podium: boolean): { markup: string; standY: number; span: number } {
  const { ctx, rng } = frame;
  if (!podium) return { markup: '', standY: frame.floorY, span: pw };
  const rx = Math.max(pw * 0.62, Math.min(ctx.width, ctx.height) * 0.15);
  // A podium the prompt asks for stands tall; otherwise a counter or table gets a low slab.
  let shapes: PodiumShape[] = INDOOR_SURFACES.has(frame.place) ? ['slab'] : ['cylinder', 'cylinder', 'tiers', 'plinth', 'slab'];
  if (ctx.cues.podium) shapes = ['cylinder', 'cylinder', 'tiers', 'plinth'];
  const drawn = drawPodium({
    defs: ctx.defs,
    rng,
    shape: ctx.layout.pick(shapes),
    colour: ctx.palette.podium,
    light: ctx.palette.light,
    material: ctx.cues.materials.find((x) => x === 'marble' || x === 'wood') ?? null,
    lightFromLeft: ctx.lightFromLeft,
    cx,
    base: frame.floorY,
    rx,
    height: ctx.height * rng.range(0.1, 0.13),
  });
  return { markup: drawn.markup, standY: drawn.top, span: rx * 2.6 };
}

/** A product standing on a podium (or the surface), with contact shadow and the prompt's props beside it. */
export function productOnStage(frame: Frame, kind: ObjectName, label: string | null = null): string {
  const { ctx, rng } = frame;
  const { width: w, height: h, palette } = ctx;
  const m = Math.min(w, h);
  const art = drawProduct(kind, {
    defs: ctx.defs,
    body: palette.product,
    detail: palette.productDetail,
    metal: palette.metal,
    light: palette.light,
    lightFromLeft: ctx.lightFromLeft,
    label,
  });
  const scale = Math.min((h * 0.4) / art.height, Math.min(w * 0.46, h * 0.62) / art.width) * rng.range(0.94, 1.04);
  const pw = art.width * scale;
  const ph = art.height * scale;
  const cx = frame.focusX + rng.range(-0.015, 0.015) * w;
  const stage = stageFor(frame, cx, pw, ctx.cues.podium || !INDOOR_SURFACES.has(frame.place) || rng.chance(0.3));
  const shadowShift = (ctx.lightFromLeft ? 1 : -1) * pw * 0.1;
  return (
    stage.markup +
    softShadow(ctx.defs, cx + shadowShift, stage.standY, pw * 0.56, pw * 0.08 + m * 0.008, 0.36) +
    softShadow(ctx.defs, cx + shadowShift * 0.3, stage.standY, pw * 0.4, pw * 0.025 + m * 0.004, 0.3) +
    `<g transform="translate(${n(cx)} ${n(stage.standY)}) scale(${n(scale * 1000) / 1000})">${art.markup}</g>` +
    props(ctx, ctx.cues.props, cx, frame.floorY, stage.span, { x: cx - pw / 2, y: stage.standY - ph, width: pw, height: ph })
  );
}

/** A landscape with nothing standing in it: only a soft glow of light along the horizon. */
export function landscapeGlow(frame: Frame): string {
  const { ctx } = frame;
  return softShadow(ctx.defs, frame.focusX, ctx.horizon, ctx.width * 0.4, ctx.height * 0.05, 0.12, hex(darken(ctx.palette.light, 0.1)));
}

/** Where a standing figure goes and how tall it is, for a frame. */
export function figurePlacement(frame: Frame): { x: number; ground: number; height: number } {
  const { height } = frame.ctx;
  return { x: frame.focusX, ground: height * 0.955, height: height * 0.88 };
}

/** A figure standing in the frame with a soft shadow at its feet. */
export function figureOnStage(frame: Frame, spec: Omit<FigureSpec, 'defs' | 'x' | 'ground' | 'height' | 'lightFromLeft'>): string {
  const { ctx } = frame;
  const place = figurePlacement(frame);
  const shadow = softShadow(
    ctx.defs,
    place.x + (ctx.lightFromLeft ? 1 : -1) * place.height * 0.04,
    place.ground - place.height * 0.004,
    place.height * 0.16,
    place.height * 0.025,
    0.4,
  );
  return shadow + drawFigure({ ...spec, defs: ctx.defs, ...place, lightFromLeft: ctx.lightFromLeft });
}
