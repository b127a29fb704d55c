/** Turns prompt cues into the colours of one picture: backdrop, ground, product, accents, light. */
import { adjust, darken, fromHex, hsl, lighten, luminance, mix, shiftHue, toHsl, type Rgb } from './colour.ts';
import { createRng, type Rng } from './prng.ts';
import type { ColourName, MoodName, ObjectName, PlaceName, PromptCues } from './prompt-cues.ts';

export interface Palette {
  skyTop: Rgb;
  skyBottom: Rgb;
  groundFar: Rgb;
  groundNear: Rgb;
  accent: Rgb;
  accent2: Rgb;
  product: Rgb;
  productDetail: Rgb;
  metal: Rgb;
  podium: Rgb;
  /** The key light's colour: highlights, beams, glows. */
  light: Rgb;
  /** The backdrop is dark (night, luxury, moody): decorations glow instead of shade. */
  dark: boolean;
  /** How busy the decoration is: minimal ≈ 0.3, playful ≈ 1.5. */
  decor: number;
  /** Strength of the darkened corners, 0–0.6. */
  vignette: number;
}

const NAMED: Record<ColourName, Rgb> = {
  red: fromHex('#d7263d'),
  orange: fromHex('#f28a30'),
  yellow: fromHex('#f4c430'),
  gold: fromHex('#d4a93c'),
  green: fromHex('#3f9b5a'),
  mint: fromHex('#98e2c6'),
  teal: fromHex('#1a9e9a'),
  blue: fromHex('#2f6fdc'),
  navy: fromHex('#1d2b53'),
  purple: fromHex('#7b3fbf'),
  lavender: fromHex('#b7a3e6'),
  pink: fromHex('#ef6fa2'),
  coral: fromHex('#ff7f6a'),
  black: fromHex('#1d1d23'),
  white: fromHex('#f4f1ec'),
  silver: fromHex('#b9bec7'),
  beige: fromHex('#e2cdae'),
  brown: fromHex('#8a5a3b'),
  grey: fromHex('#8d939c'),
};

interface Environment {
  skyTop: string;
  skyBottom: string;
  groundFar: string;
  groundNear: string;
}

const ENVIRONMENTS: Record<Exclude<PlaceName, 'studio'>, Environment> = {
  beach: { skyTop: '#4aa6e0', skyBottom: '#cdeefa', groundFar: '#eed7a6', groundNear: '#e2c18a' },
  kitchen: { skyTop: '#efe4d6', skyBottom: '#f7efe5', groundFar: '#c99a6e', groundNear: '#a8744c' },
  forest: { skyTop: '#b9d7b0', skyBottom: '#eaf1d8', groundFar: '#5f7d3c', groundNear: '#3f5a2a' },
  city: { skyTop: '#8fa9cc', skyBottom: '#e6e9ef', groundFar: '#7a808c', groundNear: '#565b66' },
  snow: { skyTop: '#a9c6e8', skyBottom: '#f1f6fb', groundFar: '#eef3f9', groundNear: '#dfe8f2' },
  desert: { skyTop: '#f0b878', skyBottom: '#fbe5c0', groundFar: '#e3a862', groundNear: '#c9823f' },
  garden: { skyTop: '#a9dcf0', skyBottom: '#f1f8e8', groundFar: '#86b55a', groundNear: '#5e8f3c' },
  mountain: { skyTop: '#7fb0dc', skyBottom: '#e4edf6', groundFar: '#7d9a78', groundNear: '#55724f' },
  pool: { skyTop: '#6ec3ee', skyBottom: '#dcf3fb', groundFar: '#38b6d8', groundNear: '#1b8fb8' },
  bathroom: { skyTop: '#e6ecee', skyBottom: '#f4f7f7', groundFar: '#d3dbde', groundNear: '#bcc7cb' },
  room: { skyTop: '#eadfd2', skyBottom: '#f5eee6', groundFar: '#b98f6a', groundNear: '#94694a' },
  space: { skyTop: '#05061a', skyBottom: '#21164a', groundFar: '#2c1f5e', groundNear: '#150f33' },
};

/** What a product usually looks like when the prompt does not say: lipstick is rarely grey. */
const TYPICAL_COLOURS: Partial<Record<ObjectName, readonly string[]>> = {
  lipstick: ['#c81d3a', '#e0457b', '#ef6b5b', '#8e1b4f'],
  perfume: ['#e9a23b', '#f2a7b8', '#cfe3ea', '#9b7fd1', '#e6c27a'],
  serum: ['#c77d2a', '#8fb9a8', '#e8b3a3', '#b0643a'],
  plant: ['#c8734f', '#efeae4', '#d9b48f', '#9fb4a6'],
  watch: ['#7a4a2e', '#24242a', '#2b3a5c', '#a0643c'],
  bag: ['#b5743f', '#23232a', '#a8323e', '#e9dcc7', '#6d4a3a'],
  candle: ['#f1e3cf', '#e7c6b5', '#cfd9c8', '#d8c8e8'],
  jar: ['#f3eee8', '#f4d9d0', '#d7e7de', '#e9d3b6'],
  soap: ['#f4e3ef', '#e8d8b8', '#cfe6d6', '#f6efe6', '#e9c7a9'],
  ring: ['#cfe8ff', '#ffd1dc', '#d9f2e6', '#f7f3ff'],
  tube: ['#f7f4ef', '#dff0f3', '#fbe3dc', '#e6efe1'],
};

/** Backdrop colours for prompts that name none: light and deep tones that flatter products. */
const STUDIO_BASES =
  '#f2c9b1 #e9d7bd #c9d8c5 #bfe3d6 #bcd6ea #a9bfe3 #cfc4ec #efc6d3 #d99a84 #f3ead9 #9fb0bd #e7b9a0 #b7c9b0 #f0d7a6 #2f4858 #3b2f4a #23395d #4a2c35 #2e4a3c'.split(
    ' ',
  );

const WARM_LIGHT = fromHex('#ffe6c2');
const COOL_LIGHT = fromHex('#dde9ff');
const WHITE_LIGHT = fromHex('#fffaf2');

function environmentFor(cues: PromptCues, rng: Rng): Environment | null {
  if (cues.place === null || cues.place === 'studio') return null;
  const env = ENVIRONMENTS[cues.place];
  // Small per-prompt variety even for the same place.
  const jitter = rng.range(-10, 10);
  const shift = (c: string) => hexOf(shiftHue(fromHex(c), jitter));
  return { skyTop: shift(env.skyTop), skyBottom: shift(env.skyBottom), groundFar: env.groundFar, groundNear: env.groundNear };
}

const hexOf = (c: Rgb) => `#${[c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** A studio backdrop built around one colour: a wall and a floor a little lighter. */
function studioFrom(base: Rgb): Pick<Palette, 'skyTop' | 'skyBottom' | 'groundFar' | 'groundNear'> {
  const { h, s, l } = toHsl(base);
  if (l < 0.3) {
    return {
      skyTop: hsl(h, s * 0.8, 0.1),
      skyBottom: hsl(h, s * 0.8, 0.2),
      groundFar: hsl(h, s * 0.7, 0.18),
      groundNear: hsl(h, s * 0.7, 0.09),
    };
  }
  const wall = Math.min(0.78, Math.max(0.55, l));
  const sat = Math.min(0.6, s);
  return {
    skyTop: hsl(h, sat, wall - 0.06),
    skyBottom: hsl(h, sat * 0.9, wall + 0.1),
    groundFar: hsl(h, sat * 0.85, wall + 0.08),
    groundNear: hsl(h, sat * 0.9, wall - 0.04),
  };
}

type ColourKey = { [K in keyof Palette]: Palette[K] extends Rgb ? K : never }[keyof Palette];

const has = (cues: PromptCues, mood: MoodName) => cues.moods.includes(mood);

export function buildPalette(cues: PromptCues, variation: number): Palette {
  // Layout decisions follow the prompt; `variation` (the seed) only nudges hues.
  const rng = createRng('palette', cues.hash);
  const seedRng = createRng('palette-seed', cues.hash, variation);
  const hueJitter = seedRng.range(-7, 7);

  const sceneColour = cues.sceneColours[0] ? NAMED[cues.sceneColours[0]] : null;
  const productNamed = cues.productColour ? NAMED[cues.productColour] : null;

  let backdrop: Pick<Palette, 'skyTop' | 'skyBottom' | 'groundFar' | 'groundNear'>;
  const env = environmentFor(cues, rng);
  if (env) {
    backdrop = {
      skyTop: fromHex(env.skyTop),
      skyBottom: fromHex(env.skyBottom),
      groundFar: fromHex(env.groundFar),
      groundNear: fromHex(env.groundNear),
    };
    if (sceneColour) {
      backdrop.skyTop = mix(backdrop.skyTop, sceneColour, 0.35);
      backdrop.skyBottom = mix(backdrop.skyBottom, sceneColour, 0.2);
    }
  } else {
    let base: Rgb;
    if (sceneColour) base = sceneColour;
    else if (productNamed) {
      // A harmonious, quieter backdrop for a coloured product: analogous, complementary or neutral.
      const { h } = toHsl(productNamed);
      base = rng.pick([hsl(h + 35, 0.35, 0.78), hsl(h + 180, 0.3, 0.74), hsl(h, 0.25, 0.86), hsl(35, 0.2, 0.86)]);
    } else base = adjust(shiftHue(fromHex(rng.pick(STUDIO_BASES)), rng.range(-18, 18)), rng.range(0.8, 1.25), rng.range(-0.06, 0.06));
    backdrop = studioFrom(base);
  }

  if (cues.time === 'sunset') {
    backdrop.skyTop = mix(fromHex('#4a3a7c'), backdrop.skyTop, 0.15);
    backdrop.skyBottom = mix(fromHex('#ff9a66'), backdrop.skyBottom, 0.15);
    backdrop.groundFar = mix(backdrop.groundFar, fromHex('#d9825f'), 0.35);
    backdrop.groundNear = mix(backdrop.groundNear, fromHex('#7a4a5a'), 0.35);
  } else if (cues.time === 'night' && cues.place !== 'space') {
    backdrop.skyTop = mix(fromHex('#070b24'), backdrop.skyTop, 0.1);
    backdrop.skyBottom = mix(fromHex('#2b3a78'), backdrop.skyBottom, 0.15);
    backdrop.groundFar = mix(backdrop.groundFar, fromHex('#1c2448'), 0.65);
    backdrop.groundNear = mix(backdrop.groundNear, fromHex('#0d1230'), 0.7);
  }

  const skyHue = toHsl(mix(backdrop.skyTop, backdrop.skyBottom, 0.5)).h;
  let accent = hsl(skyHue + rng.pick([150, 180, 210, 35, -35]), 0.5, 0.64);
  let accent2 = hsl(skyHue + rng.pick([60, -60, 120]), 0.42, 0.72);
  if (cues.sceneColours[1]) accent = NAMED[cues.sceneColours[1]];
  if (cues.sceneColours[2]) accent2 = NAMED[cues.sceneColours[2]];

  const backdropLum = luminance(mix(backdrop.skyBottom, backdrop.groundFar, 0.5));
  const typical = cues.object ? TYPICAL_COLOURS[cues.object] : undefined;
  let product: Rgb;
  if (productNamed) product = productNamed;
  else if (cues.materials.includes('glass')) product = fromHex('#bfe3e6');
  else if (typical) product = fromHex(rng.pick(typical));
  else if (backdropLum < 0.35) product = rng.pick([fromHex('#f1e6d2'), NAMED.gold, hsl(skyHue + 180, 0.6, 0.62), fromHex('#f6f2ee')]);
  else
    product = rng.pick([
      hsl(skyHue + 180, 0.62, 0.5),
      hsl(skyHue + 150, 0.55, 0.45),
      fromHex('#f7f4ef'),
      fromHex('#23232a'),
      hsl(skyHue - 30, 0.7, 0.55),
    ]);

  let metal: Rgb;
  if (has(cues, 'luxury') || cues.colours.includes('gold')) metal = fromHex('#d8b45c');
  else if (cues.colours.includes('silver')) metal = fromHex('#c9ced6');
  else if (has(cues, 'minimal') || cues.colours.includes('black')) metal = fromHex('#2b2b31');
  else metal = rng.pick([fromHex('#d8b45c'), fromHex('#c9ced6'), fromHex('#2b2b31')]);
  if (luminance(product) < 0.2 && luminance(metal) < 0.2) metal = fromHex('#d8b45c');

  const productDetail = luminance(product) > 0.6 ? mix(product, accent, 0.55) : lighten(product, 0.75);

  const surface = cues.surfaceColour ? NAMED[cues.surfaceColour] : null;
  let podium = lighten(mix(backdrop.skyBottom, backdrop.groundFar, 0.5), 0.25);
  if (cues.materials.includes('marble')) podium = fromHex('#eeeceb');
  else if (cues.materials.includes('wood')) podium = fromHex('#b07a4f');
  else if (cues.materials.includes('concrete') || cues.materials.includes('stone')) podium = fromHex('#b9b6b1');
  else if (cues.materials.includes('velvet')) podium = hsl(toHsl(surface ?? accent).h, 0.55, 0.3);
  else if (backdropLum < 0.35) podium = mix(backdrop.groundFar, fromHex('#ffffff'), 0.12);
  if (surface && !cues.materials.includes('velvet')) podium = mix(podium, surface, 0.45);

  let light = WHITE_LIGHT;
  if (cues.time === 'sunset' || has(cues, 'cozy') || has(cues, 'luxury') || cues.place === 'desert') light = WARM_LIGHT;
  else if (cues.time === 'night' || cues.place === 'snow' || cues.place === 'space') light = COOL_LIGHT;

  const palette: Palette = {
    ...backdrop,
    accent,
    accent2,
    product,
    productDetail,
    metal,
    podium,
    light,
    dark: false,
    decor: 1,
    vignette: 0.18,
  };

  const sceneParts: readonly ColourKey[] = ['skyTop', 'skyBottom', 'groundFar', 'groundNear', 'accent', 'accent2', 'podium'];
  const map = (f: (c: Rgb) => Rgb, parts: readonly ColourKey[] = sceneParts) => {
    for (const key of parts) palette[key] = f(palette[key]);
  };

  if (hueJitter !== 0) map((c) => shiftHue(c, hueJitter), ['accent', 'accent2']);
  if (cues.pastel) map((c) => adjust(lighten(c, 0.35), 0.8), [...sceneParts, 'product']);
  if (has(cues, 'minimal')) {
    map((c) => adjust(c, 0.55, 0.04));
    palette.decor = 0.3;
    palette.vignette = 0.08;
  }
  if (has(cues, 'bold')) {
    map((c) => adjust(c, 1.45), [...sceneParts, 'product']);
    palette.accent = hsl(toHsl(palette.product).h + 180, 0.85, 0.55);
    palette.decor = 1.3;
  }
  if (has(cues, 'luxury')) {
    const h = toHsl(mix(palette.skyTop, palette.product, 0.3)).h;
    palette.skyTop = hsl(h, 0.35, 0.06);
    palette.skyBottom = hsl(h, 0.35, 0.16);
    palette.groundFar = hsl(h, 0.3, 0.14);
    palette.groundNear = hsl(h, 0.3, 0.05);
    palette.accent = fromHex('#d8b45c');
    palette.podium = cues.materials.includes('marble') ? fromHex('#e9e6e2') : hsl(h, 0.2, 0.2);
    palette.decor = 0.7;
    palette.vignette = 0.45;
  }
  if (cues.materials.includes('neon')) {
    const glowHue = sceneColour ? toHsl(sceneColour).h : rng.pick([320, 190, 280]);
    palette.skyTop = hsl(glowHue + 40, 0.55, 0.06);
    palette.skyBottom = hsl(glowHue + 20, 0.6, 0.17);
    palette.groundFar = hsl(glowHue + 20, 0.5, 0.13);
    palette.groundNear = hsl(glowHue + 40, 0.5, 0.04);
    palette.accent = hsl(glowHue, 1, 0.6);
    palette.accent2 = hsl(glowHue + 150, 1, 0.6);
    palette.podium = hsl(glowHue + 30, 0.3, 0.2);
    palette.vignette = 0.4;
  }
  if (has(cues, 'playful')) {
    map((c) => adjust(c, 1.15, 0.04));
    palette.decor = 1.5;
  }
  if (has(cues, 'cozy')) {
    map((c) => mix(c, fromHex('#e58a4e'), 0.18));
    palette.vignette = Math.max(palette.vignette, 0.3);
  }
  if (has(cues, 'fresh')) map((c) => lighten(adjust(c, 0.9), 0.12));
  if (has(cues, 'moody')) {
    map((c) => darken(adjust(c, 0.8), 0.55), ['skyTop', 'skyBottom', 'groundFar', 'groundNear', 'podium']);
    palette.vignette = 0.55;
  }

  palette.dark = luminance(mix(palette.skyTop, palette.skyBottom, 0.5)) < 0.3;
  return palette;
}

/**
 * A picture's palette in a brand's colours (hex, the kit's order): the backdrop leans toward the
 * first, accents take the next ones, the product detail the last. Deterministic; with no usable
 * colour the palette is returned unchanged.
 */
export function withBrandColours(palette: Palette, colours: readonly string[] | undefined): Palette {
  const brand = (colours ?? []).filter((c) => /^#[0-9a-f]{6}$/i.test(c)).map(fromHex);
  if (brand.length === 0) return palette;
  const [first] = brand as [Rgb, ...Rgb[]];
  const at = (i: number) => brand[i % brand.length]!;
  const { h, s } = toHsl(first);
  const backdrop = palette.dark
    ? {
        skyTop: hsl(h, s * 0.7, 0.12),
        skyBottom: hsl(h, s * 0.7, 0.22),
        groundFar: hsl(h, s * 0.6, 0.18),
        groundNear: hsl(h, s * 0.6, 0.1),
      }
    : studioFrom(mix(first, fromHex('#ffffff'), 0.35));
  return {
    ...palette,
    skyTop: mix(palette.skyTop, backdrop.skyTop, 0.75),
    skyBottom: mix(palette.skyBottom, backdrop.skyBottom, 0.75),
    groundFar: mix(palette.groundFar, backdrop.groundFar, 0.75),
    groundNear: mix(palette.groundNear, backdrop.groundNear, 0.75),
    accent: at(1),
    accent2: at(2),
    productDetail: at(brand.length - 1),
    light: mix(palette.light, first, 0.25),
  };
}
