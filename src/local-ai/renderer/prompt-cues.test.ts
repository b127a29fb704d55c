import { describe, expect, it } from 'vitest';
import { parsePromptCues, type PromptCues } from './prompt-cues.ts';

describe('parsePromptCues', () => {
  it('reads colour, product and setting from a typical prompt', () => {
    const cues = parsePromptCues('red sneaker on a beach at sunset');
    expect(cues.productColour).toBe('red');
    expect(cues.colours).toEqual(['red']);
    expect(cues.object).toBe('sneaker');
    expect(cues.place).toBe('beach');
    expect(cues.time).toBe('sunset');
    expect(cues.moods).toEqual([]);
  });

  it('prefers the more specific product and separates scene colours from product colours', () => {
    const cues = parsePromptCues('Luxury perfume bottle on white marble, gold accents');
    expect(cues.object).toBe('perfume');
    expect(cues.productColour).toBeNull();
    expect(cues.sceneColours).toEqual(['white', 'gold']);
    expect(cues.materials).toEqual(['marble']);
    expect(cues.moods).toEqual(['luxury']);
  });

  it('understands plurals, synonyms and two-word phrases', () => {
    const cues = parsePromptCues('Crimson trainers on a rooftop during golden hour, vibrant');
    expect(cues.object).toBe('sneaker');
    expect(cues.productColour).toBe('red');
    expect(cues.place).toBe('city');
    expect(cues.time).toBe('sunset');
    expect(cues.colours).not.toContain('gold');
    expect(cues.moods).toEqual(['bold']);
  });

  it('treats snow words as weather when the prompt also names a place', () => {
    expect(parsePromptCues('snowy mountains at night').place).toBe('mountain');
    expect(parsePromptCues('a candle in the snow').place).toBe('snow');
  });

  it('ignores negated words', () => {
    const cues = parsePromptCues('teal studio backdrop, no people, without red');
    expect(cues.colours).toEqual(['teal']);
    expect(cues.place).toBe('studio');
    expect(cues.object).toBeNull();
  });

  it('collects moods, materials and the podium cue', () => {
    const cues = parsePromptCues('minimal cozy candle on a wooden podium, neon glow, pastel');
    expect(cues.moods).toEqual(['minimal', 'cozy']);
    expect(cues.materials).toEqual(['wood', 'neon']);
    expect(cues.podium).toBe(true);
    expect(cues.pastel).toBe(true);
    expect(cues.object).toBe('candle');
  });

  it('gives prompts without cues a stable hash that ignores case and punctuation', () => {
    const a = parsePromptCues('A quiet sense of wonder!');
    expect(a.object).toBe('box');
    expect(a.label).toBe('sense of wonder');
    expect(a.place).toBeNull();
    expect(a.colours).toEqual([]);
    expect(parsePromptCues('a quiet   sense of WONDER').hash).toBe(a.hash);
    expect(parsePromptCues('a loud sense of wonder').hash).not.toBe(a.hash);
  });
});

/** What the renderer should pick: the product kind (`box` is the neutral form, labelled), the place and the props. */
const SUBJECTS: Array<[prompt: string, expected: Partial<PromptCues>]> = [
  // The repro prompts: a named product is never replaced by an object named elsewhere.
  [
    'Ceramic coffee mug with steam on a rustic wooden table by a window, cozy morning light, plants in background',
    { object: 'mug', place: 'room', props: ['leaves'] },
  ],
  ['on a marble counter beside fresh lemons', { object: null, place: 'kitchen', materials: ['marble'], props: ['lemons'] }],
  [
    'Pastel eyeshadow palette open on a lilac velvet cloth, playful confetti, soft diffused light, playful and bold',
    { object: 'box', label: 'pastel eyeshadow palette', place: null, materials: ['velvet'] },
  ],
  // Order of naming: the product is named first, whatever is more specific later.
  ['potted plant next to a coffee mug', { object: 'plant' }],
  ['yoga mat rolled out in a bright studio with plants', { object: 'box', label: 'yoga mat', place: 'studio', props: ['leaves'] }],
  ['On the beach, a red sneaker', { object: 'sneaker', productColour: 'red', place: 'beach' }],
  ['Stunning, award-winning photo of a red sneaker on the beach', { object: 'sneaker', productColour: 'red', place: 'beach' }],
  ['perfume bottle', { object: 'perfume' }],
  ['bottle of perfume on silk', { object: 'perfume', materials: ['silk'] }],
  ['perfume box', { object: 'box', label: 'perfume box' }],
  ['Bag of specialty coffee beans spilling onto dark wood', { object: 'box', label: 'specialty coffee beans', props: ['beans'] }],
  ['leather handbag', { object: 'bag' }],
  [
    'Colourful granola bars stacked on a picnic blanket in a sunny park',
    { object: 'box', label: 'colourful granola bars', place: 'garden' },
  ],
  ['handmade soap bar on a wooden table', { object: 'soap', place: 'room' }],
  ['Green soda can with water droplets, neon studio', { object: 'can', productColour: 'green', place: 'studio', props: ['droplets'] }],
  ['Fitness tracker on a runner wrist on a city bridge at dawn', { object: 'watch', place: 'city', time: 'sunset' }],
  // A place the prompt names beats a word that only hints at one.
  ['Teal perfume flacon floating above still water in a misty forest', { object: 'perfume', place: 'forest' }],
  ['Striped linen summer dress on a model in a blooming garden', { object: 'dress', worn: true, place: 'garden' }],
  ['Moisturizer jar surrounded by fresh cucumber slices and water droplets on white stone', { object: 'jar', place: null }],
  ['Terracotta vase with dried pampas grass against a beige plaster wall', { object: 'plant', place: null, props: ['leaves'] }],
  ['summer hat', { object: 'box', label: 'summer hat', place: 'pool' }],
  // A product whose name is itself a participle keeps it; "can" as a verb is no drinks can.
  ['a pudding', { object: 'box', label: 'pudding' }],
  ['chocolate pudding on a marble table', { object: 'box', label: 'chocolate pudding', materials: ['marble'] }],
  ['a framed painting on a wall', { object: 'box', label: 'framed painting' }],
  ['water bottle that can keep drinks cold', { object: 'bottle' }],
  ['a can of soup', { object: 'can' }],
  // Nothing named: no product at all.
  ['snowy mountains at sunset', { object: null, place: 'mountain' }],
  ['teal studio backdrop, no people, without red', { object: null, place: 'studio' }],
];

describe('parsePromptCues: the subject', () => {
  it.each(SUBJECTS)('%s', (prompt, expected) => {
    expect(parsePromptCues(prompt)).toMatchObject(expected);
  });

  it('reads a hyphenated word as its parts and a colour in the product phrase as the product colour', () => {
    const cues = parsePromptCues('Black hoodie on a mannequin in a neon-lit city alley at night');
    expect(cues).toMatchObject({ object: 'shirt', productColour: 'black', worn: true, place: 'city', time: 'night' });
    expect(cues.materials).toContain('neon');
  });
});
