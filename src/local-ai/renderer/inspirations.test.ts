/**
 * The built-in inspirations are drawn by this renderer (src/server/modules/inspirations/seed.ts and
 * video-seed.ts): each picture must show what its prompt names. A catalogue entry this renderer
 * cannot draw, or draws as another object or in another place, fails here.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blackBars } from '#test-support/black-bars.ts';
import { imageInspirationCatalog } from '#server/modules/inspirations/catalog.ts';
import { videoInspirationCatalog } from '#server/modules/inspirations/video-catalog.ts';
import { parsePromptCues, type PlaceName } from './prompt-cues.ts';
import { renderImage } from './render-image.ts';
import { composeTextScene, type Subject } from './text-scene.ts';

/** What a picture shows: a product kind, the neutral carton and its label, a worn garment, or a landscape. */
function shown(subject: Subject): string {
  if (subject.kind === 'product') return subject.product === 'box' ? `box: ${subject.label ?? ''}` : subject.product;
  if (subject.kind === 'figure') return `worn ${subject.garment ?? 'dress'}`;
  return subject.kind === 'none' ? 'landscape' : 'auto';
}

const labelOf = (subject: Subject) => (subject.kind === 'product' ? (subject.label ?? '') : '');

/** What each image inspiration's picture must show, and where. A new catalogue entry needs its line here. */
const IMAGES: Record<string, [shows: string, place: PlaceName]> = {
  'Amber glass serum bottle on a pale pink marble podium, soft morning light, minimal studio backdrop, gentle shadow': ['serum', 'studio'],
  'Moisturizer jar surrounded by fresh cucumber slices and water droplets on white stone, bright clean daylight, top-down view': [
    'jar',
    'studio',
  ],
  'Red lipstick standing on a glossy black surface with a single rose petal, dramatic rim light, luxury editorial mood': [
    'lipstick',
    'studio',
  ],
  'Pastel eyeshadow palette open on a lilac velvet cloth, playful confetti, soft diffused light, playful and bold': [
    'box: pastel eyeshadow palette',
    'studio',
  ],
  'Gold perfume bottle on desert sand at sunset, long shadows, warm luxury tones, heat haze in the distance': ['perfume', 'desert'],
  'Teal perfume flacon floating above still water in a misty forest, cinematic light rays, calm and fresh': ['perfume', 'forest'],
  'White sneaker floating over a vivid magenta gradient with motion streaks, bold commercial lighting, new drop energy': [
    'sneaker',
    'studio',
  ],
  'Leather boots on a wooden porch in autumn leaves, warm cozy light, shallow depth of field': ['sneaker', 'studio'],
  'Minimal silver watch on a slate stone slab, cool studio light, crisp reflections, luxury product shot': ['watch', 'studio'],
  'Tan leather handbag on a sunlit cafe table in Paris, soft bokeh street behind, lifestyle editorial': ['bag', 'kitchen'],
  'Striped linen summer dress on a model in a blooming garden, golden hour light, airy and natural': ['worn dress', 'garden'],
  'Black hoodie on a mannequin in a neon-lit city alley at night, rain reflections, streetwear campaign': ['worn top', 'city'],
  'Ceramic coffee mug with steam on a rustic wooden table by a window, cozy morning light, plants in background': ['mug', 'room'],
  'Copper kettle on a white marble kitchen counter, bright airy Scandinavian interior, soft shadows': ['box: copper kettle', 'kitchen'],
  'Scented candle glowing on a bedside table at night, warm amber light, linen sheets, calm and cozy': ['candle', 'room'],
  'Terracotta vase with dried pampas grass against a beige plaster wall, minimal boho styling, soft daylight': ['plant', 'studio'],
  'Bag of specialty coffee beans spilling onto dark wood, moody side light, roasted texture, premium feel': [
    'box: specialty coffee beans',
    'studio',
  ],
  'Iced latte in a tall glass on a beach bar at sunset, condensation droplets, tropical vibe': ['mug', 'beach'],
  'Colourful granola bars stacked on a picnic blanket in a sunny park, playful summer mood': ['box: colourful granola bars', 'garden'],
  'Sparkling lemonade bottle in an ice bucket with lemons, bright yellow backdrop, fresh and bold': ['bottle', 'studio'],
  'Matte black wireless headphones on a concrete block, blue neon rim light, futuristic studio': ['headphones', 'studio'],
  'White earbuds case on a snowy rock in winter mountains, crisp cold daylight, adventure campaign': ['headphones', 'mountain'],
  'Fitness tracker on a runner wrist on a city bridge at dawn, energetic light, motion blur background': ['watch', 'city'],
  'Smartphone standing on a glass shelf with holographic reflections, purple and teal gradient, sleek launch visual': ['phone', 'room'],
  'Insulated water bottle on a mossy rock by a forest stream, dappled sunlight, adventure ready': ['bottle', 'forest'],
  'Yoga mat rolled out in a bright studio with plants, soft morning sun, calm wellness mood': ['box: yoga mat', 'studio'],
  'Dog collar and leash on a cozy knit blanket with autumn leaves, warm playful tones': ['box: dog collar', 'studio'],
  'Gift box with gold ribbon on a red velvet table, festive bokeh lights, Black Friday sale mood': ['gift', 'room'],
};

/** Where each video inspiration's picture is set; what it shows follows its subject (checked below). */
const VIDEO_PLACES: Record<string, PlaceName> = {
  'White sneaker on a bright studio backdrop': 'studio',
  'Red running shoe on a white podium': 'studio',
  'Black leather handbag in a luxury studio': 'studio',
  'Gold wrist watch on dark velvet': 'studio',
  'Pink perfume bottle on a pastel podium': 'studio',
  'Amber serum bottle on pale marble': 'studio',
  'Red lipstick on a glossy white surface': 'studio',
  'Blue ceramic coffee mug on a wooden table': 'room',
  'Green soda can with water droplets, neon studio': 'studio',
  'Chocolate chip cookie on a plate, warm light': 'studio',
  'Matte black headphones on a grey studio sweep': 'studio',
  'Silver smartphone floating on a dark gradient': 'studio',
  'Orange smartwatch on a clean white backdrop': 'studio',
  'White scented candle in a cozy room': 'room',
  'Turquoise teapot on a kitchen counter': 'kitchen',
  'Olive backpack in a green forest': 'forest',
  'Steel water bottle on a gym floor': 'studio',
  'Yellow rubber dog toy on a pastel backdrop': 'studio',
};

const scene = (prompt: string) => composeTextScene({ prompt, seed: 1000, width: 768, height: 768 });

async function barsOf(prompt: string, seed: number): Promise<string[]> {
  const request = {
    mode: 'text',
    modelSlug: 'flux-1.1-pro-ultra',
    prompt,
    negativePrompt: '',
    seed,
    width: 256,
    height: 256,
    aspectRatio: '1:1',
  } as const;
  const { png } = await renderImage(request, { signal: AbortSignal.timeout(30_000) });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return blackBars(data, info.width, info.height);
}

describe('image inspirations', () => {
  it.each(imageInspirationCatalog.map((item, i) => [item.prompt, i] as const))('%s', async (prompt, i) => {
    const expected = IMAGES[prompt];
    expect(expected, 'a new inspiration: add what its picture must show and where to IMAGES').toBeDefined();
    const drawn = scene(prompt);
    expect([shown(drawn.subject), drawn.place]).toEqual(expected);
    // The neutral form's label is the prompt's own words.
    expect(prompt.toLowerCase()).toContain(labelOf(drawn.subject));
    expect(await barsOf(prompt, 1000 + i * 7919)).toEqual([]);
  });
});

describe('video inspirations', () => {
  it.each(videoInspirationCatalog.map((item, i) => [item.picture, item.prompt, i] as const))('%s', async (picture, subject, i) => {
    expect(VIDEO_PLACES[picture], 'a new inspiration: add where its picture is set to VIDEO_PLACES').toBeDefined();
    const drawn = scene(picture);
    expect(drawn.place).toBe(VIDEO_PLACES[picture]);
    // The picture shows the subject the example animates: the same kind, or a carton labelled with it.
    const kind = parsePromptCues(subject).object;
    expect(drawn.subject).toMatchObject({ kind: 'product', product: kind });
    expect(kind !== 'box' || labelOf(drawn.subject).includes(subject), `label "${labelOf(drawn.subject)}"`).toBe(true);
    expect(await barsOf(picture, 2000 + i * 7919)).toEqual([]);
  });
});
