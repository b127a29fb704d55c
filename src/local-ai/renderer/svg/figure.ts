/**
 * A stylised fashion figure (front view, faceless like a mannequin) wearing a dress or a top.
 * Drawn in figure units (1000 tall, origin between the feet) and placed with one transform, so
 * the garment clip path and the outfit image share the figure's coordinates.
 */
import { darken, hex, lighten, mix, type Rgb } from '../colour.ts';
import { linear, n, type SvgDefs } from './svg-kit.ts';

export type Garment = 'dress' | 'top';

export interface Outfit {
  /** A data: URI of the outfit picture, cropped to the garment. */
  href: string;
}

export interface FigureSpec {
  defs: SvgDefs;
  /** x of the feet and y of the ground, in pixels. */
  x: number;
  ground: number;
  /** Height in pixels from the soles to the top of the head. */
  height: number;
  garment: Garment;
  /** The garment's colour: fills gaps in the outfit picture, or the whole garment without one. */
  garmentColour: Rgb;
  outfit: Outfit | null;
  pattern: 'plain' | 'stripes' | 'dots';
  skin: Rgb;
  hair: Rgb;
  /** Trousers under a top, and shoes. */
  lower: Rgb;
  lightFromLeft: boolean;
}

export const DRESS =
  'M-84 -815Q-40 -812 0 -758Q40 -812 84 -815L93 -790Q94 -760 86 -735Q76 -690 56 -650Q80 -610 86 -560Q120 -430 152 -300Q0 -270 -152 -300Q-120 -430 -86 -560Q-80 -610 -56 -650Q-76 -690 -86 -735Q-94 -760 -93 -790Z';
const TOP =
  'M-84 -815Q-40 -812 0 -770Q40 -812 84 -815L100 -808Q118 -790 128 -700L100 -690L92 -735Q76 -690 60 -650Q76 -600 84 -536Q0 -520 -84 -536Q-76 -600 -60 -650Q-76 -690 -92 -735L-100 -690L-128 -700Q-118 -790 -100 -808Z';
/** The box (figure units) the outfit picture is fitted into. */
const GARMENT_BOX: Record<Garment, { x: number; y: number; width: number; height: number }> = {
  dress: { x: -152, y: -818, width: 304, height: 540 },
  top: { x: -128, y: -818, width: 256, height: 300 },
};

/** The garment's box in pixels, for sizing the outfit picture before it is embedded. */
export function garmentPixelBox(spec: Pick<FigureSpec, 'garment' | 'height'>): { width: number; height: number } {
  const box = GARMENT_BOX[spec.garment];
  const k = spec.height / 1000;
  return { width: Math.round(box.width * k), height: Math.round(box.height * k) };
}

function limbFill(spec: FigureSpec, base: Rgb): string {
  const lit = hex(lighten(base, 0.16));
  const shade = hex(darken(base, 0.22));
  return linear(spec.defs, [spec.lightFromLeft ? lit : shade, hex(base), spec.lightFromLeft ? shade : lit], { x2: 1, y2: 0 });
}

function patternFill(spec: FigureSpec): string {
  const base = hex(spec.garmentColour);
  if (spec.pattern === 'plain') return base;
  const id = spec.defs.id('p');
  const ink = hex(lighten(spec.garmentColour, 0.75));
  const body =
    spec.pattern === 'stripes'
      ? `<rect width="40" height="40" fill="${base}"/><rect width="14" height="40" fill="${ink}"/>`
      : `<rect width="40" height="40" fill="${base}"/><circle cx="10" cy="10" r="6" fill="${ink}"/><circle cx="30" cy="30" r="6" fill="${ink}"/>`;
  spec.defs.add(`<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse">${body}</pattern>`);
  return `url(#${id})`;
}

/** Shading laid over the garment so a flat picture reads as cloth on a body. */
function garmentShading(spec: FigureSpec): string {
  const box = GARMENT_BOX[spec.garment];
  const sides = linear(
    spec.defs,
    [
      [0, '#000000', spec.lightFromLeft ? 0.22 : 0.42],
      [0.22, '#000000', 0],
      [spec.lightFromLeft ? 0.35 : 0.65, '#ffffff', 0.1],
      [0.78, '#000000', 0],
      [1, '#000000', spec.lightFromLeft ? 0.42 : 0.22],
    ],
    { x2: 1, y2: 0 },
  );
  const waist = linear(spec.defs, [
    [0, '#000000', 0],
    [0.5, '#000000', 0.16],
    [1, '#000000', 0],
  ]);
  let folds = '';
  if (spec.garment === 'dress') {
    // Each fold is a wedge from the waist to the hem, shaded across its width so it has no hard edge.
    const fold = (colour: string, opacity: number) =>
      linear(
        spec.defs,
        [
          [0, colour, 0],
          [0.5, colour, opacity],
          [1, colour, 0],
        ],
        { x2: 1, y2: 0 },
      );
    const dark = fold('#000000', 0.2);
    const light = fold('#ffffff', 0.14);
    for (const [top, hem, width, isDark] of [
      [-34, -100, 30, true],
      [4, 6, 26, true],
      [36, 104, 30, true],
      [-16, -48, 22, false],
      [20, 56, 22, false],
    ] as const) {
      folds += `<path d="M${top - 4} -640L${top + 4} -640L${hem + width} -290L${hem - width} -290Z" fill="${isDark ? dark : light}"/>`;
    }
  }
  return (
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="${sides}"/>` +
    `<rect x="${box.x}" y="-690" width="${box.width}" height="80" fill="${waist}"/>` +
    folds +
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="40" fill="#000000" opacity="0.1"/>`
  );
}

export function drawFigure(spec: FigureSpec): string {
  const { defs } = spec;
  const k = spec.height / 1000;
  const skin = limbFill(spec, spec.skin);
  const skinShade = hex(darken(spec.skin, 0.18));
  const hair = hex(spec.hair);
  const garmentPath = spec.garment === 'dress' ? DRESS : TOP;
  const clipId = defs.id('g');
  defs.add(`<clipPath id="${clipId}"><path d="${garmentPath}"/></clipPath>`);
  const box = GARMENT_BOX[spec.garment];
  const outfitImage = spec.outfit
    ? `<image href="${spec.outfit.href}" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid slice"/>`
    : '';
  const lower = hex(spec.lower);

  const legs =
    spec.garment === 'top'
      ? `<path d="M-86 -560L-70 -70L-24 -70L-6 -470L6 -470L24 -70L70 -70L86 -560Z" fill="${limbFill(spec, spec.lower)}"/><path d="M0 -540L0 -470" stroke="${hex(darken(spec.lower, 0.3))}" stroke-width="3"/>`
      : `<path d="M-76 -560L-60 -300Q-58 -180 -52 -70L-30 -70Q-26 -180 -22 -300L-6 -540Z" fill="${skin}"/><path d="M76 -560L60 -300Q58 -180 52 -70L30 -70Q26 -180 22 -300L6 -540Z" fill="${skin}"/>`;
  const shoes = `<path d="M-56 -74L-26 -74Q-22 -30 -20 -4L-62 -4Q-66 -20 -56 -74Z" fill="${lower}"/><path d="M56 -74L26 -74Q22 -30 20 -4L62 -4Q66 -20 56 -74Z" fill="${lower}"/>`;
  const arm = (side: -1 | 1) =>
    `<path d="M${side * 84} -812Q${side * 112} -806 ${side * 114} -770L${side * 134} -640L${side * 137} -480L${side * 114} -478L${side * 106} -628L${side * 88} -740Z" fill="${skin}"/>` +
    `<ellipse cx="${side * 126}" cy="${-452}" rx="14" ry="27" fill="${skin}"/>`;
  const sleeves =
    spec.garment === 'top'
      ? ''
      : `<path d="M-84 -815Q-96 -812 -98 -800M84 -815Q96 -812 98 -800" stroke="${skinShade}" stroke-width="2" fill="none" opacity="0.5"/>`;
  const headShade = linear(
    defs,
    [hex(lighten(spec.skin, spec.lightFromLeft ? 0.18 : 0)), hex(darken(spec.skin, spec.lightFromLeft ? 0.15 : 0))],
    { x2: 1, y2: 0 },
  );

  return `<g transform="translate(${n(spec.x)} ${n(spec.ground)}) scale(${n(k * 1000) / 1000})">${[
    `<path d="M-66 -935Q-74 -1000 0 -1004Q74 -1000 66 -935L78 -770Q0 -748 -78 -770Z" fill="${hair}"/>`,
    legs,
    shoes,
    `<path d="M-18 -885L18 -885L22 -830Q0 -812 -22 -830Z" fill="${skin}"/>`,
    `<path d="M-22 -850Q0 -835 22 -850L22 -830Q0 -815 -22 -830Z" fill="${skinShade}" opacity="0.6"/>`,
    `<path d="M-84 -815Q-40 -835 0 -830Q40 -835 84 -815L86 -735L-86 -735Z" fill="${skin}"/>`,
    `<g clip-path="url(#${clipId})"><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="${patternFill(spec)}"/>${outfitImage}${garmentShading(spec)}</g>`,
    `<path d="${garmentPath}" fill="none" stroke="${hex(darken(mix(spec.garmentColour, spec.skin, 0.2), 0.55))}" stroke-opacity="0.35" stroke-width="2.5"/>`,
    sleeves,
    arm(-1),
    arm(1),
    `<ellipse cx="0" cy="-930" rx="50" ry="63" fill="${headShade}"/>`,
    `<path d="M-54 -930Q-60 -1000 0 -998Q62 -1000 56 -928Q40 -975 -6 -972Q-36 -968 -54 -930Z" fill="${hair}"/>`,
    `<ellipse cx="${spec.lightFromLeft ? -18 : 18}" cy="-950" rx="14" ry="20" fill="#ffffff" opacity="0.12"/>`,
  ].join('')}</g>`;
}
