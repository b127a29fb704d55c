/**
 * Reads a prompt for the words that decide a picture: colours and materials (palette), the place
 * and time of day (backdrop), the product (silhouette) and the mood (contrast and layout).
 */
import { hashString } from './prng.ts';

const COLOURS = [
  'red',
  'orange',
  'yellow',
  'gold',
  'green',
  'mint',
  'teal',
  'blue',
  'navy',
  'purple',
  'lavender',
  'pink',
  'coral',
  'black',
  'white',
  'silver',
  'beige',
  'brown',
  'grey',
] as const;
export type ColourName = (typeof COLOURS)[number];

const MATERIALS = ['marble', 'wood', 'neon', 'velvet', 'concrete', 'glass', 'stone', 'silk'] as const;
export type MaterialName = (typeof MATERIALS)[number];

const PLACES = [
  'studio',
  'beach',
  'kitchen',
  'forest',
  'city',
  'snow',
  'desert',
  'garden',
  'mountain',
  'pool',
  'bathroom',
  'room',
  'space',
] as const;
export type PlaceName = (typeof PLACES)[number];

const TIMES = ['day', 'sunset', 'night'] as const;
export type TimeName = (typeof TIMES)[number];

export const OBJECTS = [
  'bottle',
  'perfume',
  'sneaker',
  'mug',
  'watch',
  'bag',
  'phone',
  'candle',
  'lipstick',
  'headphones',
  'jar',
  'serum',
  'sunglasses',
  'gift',
  'plant',
  'shirt',
  'soap',
  'tube',
  'ring',
] as const;
export type ObjectName = (typeof OBJECTS)[number];

const MOODS = ['minimal', 'bold', 'luxury', 'playful', 'cozy', 'fresh', 'moody'] as const;
export type MoodName = (typeof MOODS)[number];

type Cue =
  | { kind: 'colour'; value: ColourName }
  | { kind: 'pastel' }
  | { kind: 'material'; value: MaterialName; colour?: ColourName }
  | { kind: 'place'; value: PlaceName }
  | { kind: 'time'; value: TimeName }
  | { kind: 'object'; value: ObjectName }
  | { kind: 'mood'; value: MoodName }
  | { kind: 'podium' };

function entries<V extends string>(kind: 'colour' | 'place' | 'time' | 'object' | 'mood', table: Record<V, readonly string[]>) {
  const out: Array<[string, Cue]> = [];
  for (const [value, words] of Object.entries(table) as Array<[V, readonly string[]]>) {
    for (const word of [value, ...words]) out.push([word, { kind, value } as Cue]);
  }
  return out;
}

const VOCABULARY = new Map<string, Cue>([
  ...entries<ColourName>('colour', {
    red: ['crimson', 'scarlet', 'ruby', 'cherry', 'burgundy', 'wine', 'maroon'],
    orange: ['tangerine', 'amber', 'terracotta', 'rust', 'peach', 'apricot'],
    yellow: ['lemon', 'mustard', 'sunny', 'butter'],
    gold: ['golden', 'brass', 'champagne'],
    green: ['emerald', 'olive', 'sage', 'lime', 'jade', 'forest green'],
    mint: ['pistachio'],
    teal: ['turquoise', 'aqua', 'cyan', 'aquamarine'],
    blue: ['cobalt', 'azure', 'sapphire', 'denim', 'indigo', 'sky blue', 'baby blue'],
    navy: ['midnight blue', 'dark blue'],
    purple: ['violet', 'plum', 'magenta', 'amethyst'],
    lavender: ['lilac', 'mauve', 'periwinkle'],
    pink: ['rose', 'blush', 'fuchsia', 'hot pink', 'rosy', 'bubblegum'],
    coral: ['salmon'],
    black: ['noir', 'onyx', 'jet', 'charcoal', 'ebony', 'matte black'],
    white: ['ivory', 'cream', 'pearl', 'snow white', 'alabaster'],
    silver: ['chrome', 'metallic', 'platinum', 'steel', 'aluminium', 'aluminum'],
    beige: ['nude', 'sand', 'tan', 'taupe', 'oat', 'linen', 'khaki', 'camel'],
    brown: ['chocolate', 'caramel', 'mocha', 'espresso', 'cognac', 'leather'],
    grey: ['gray', 'slate', 'graphite', 'ash'],
  }),
  ['pastel', { kind: 'pastel' }],
  ['pastels', { kind: 'pastel' }],
  ['marble', { kind: 'material', value: 'marble', colour: 'white' }],
  ['marbled', { kind: 'material', value: 'marble', colour: 'white' }],
  ['terrazzo', { kind: 'material', value: 'marble', colour: 'beige' }],
  ['wood', { kind: 'material', value: 'wood', colour: 'brown' }],
  ['wooden', { kind: 'material', value: 'wood', colour: 'brown' }],
  ['oak', { kind: 'material', value: 'wood', colour: 'brown' }],
  ['walnut', { kind: 'material', value: 'wood', colour: 'brown' }],
  ['rustic', { kind: 'material', value: 'wood', colour: 'brown' }],
  ['neon', { kind: 'material', value: 'neon' }],
  ['cyberpunk', { kind: 'material', value: 'neon', colour: 'purple' }],
  ['synthwave', { kind: 'material', value: 'neon', colour: 'pink' }],
  ['velvet', { kind: 'material', value: 'velvet' }],
  ['satin', { kind: 'material', value: 'silk' }],
  ['silk', { kind: 'material', value: 'silk' }],
  ['silky', { kind: 'material', value: 'silk' }],
  ['concrete', { kind: 'material', value: 'concrete', colour: 'grey' }],
  ['cement', { kind: 'material', value: 'concrete', colour: 'grey' }],
  ['glass', { kind: 'material', value: 'glass' }],
  ['crystal', { kind: 'material', value: 'glass' }],
  ['stone', { kind: 'material', value: 'stone', colour: 'beige' }],
  ['pebble', { kind: 'material', value: 'stone', colour: 'grey' }],
  ['rocks', { kind: 'material', value: 'stone', colour: 'grey' }],
  ...entries<PlaceName>('place', {
    studio: ['backdrop', 'seamless', 'photoshoot', 'white background', 'plain background'],
    beach: ['ocean', 'sea', 'seaside', 'coast', 'coastal', 'shore', 'tropical', 'tropics', 'island', 'waves', 'surf', 'palm'],
    kitchen: ['countertop', 'counter', 'breakfast', 'brunch', 'cooking', 'cafe', 'coffee shop', 'bakery'],
    forest: ['woods', 'woodland', 'jungle', 'trees', 'nature', 'rainforest', 'pine'],
    city: ['urban', 'street', 'skyline', 'downtown', 'rooftop', 'metropolis', 'new york', 'tokyo'],
    snow: ['snowy', 'winter', 'christmas', 'ice', 'icy', 'frost', 'frosty', 'holiday', 'festive'],
    desert: ['dunes', 'dune', 'sahara', 'cactus', 'arid'],
    garden: ['flowers', 'flower', 'floral', 'botanical', 'meadow', 'blossom', 'spring', 'park', 'grass'],
    mountain: ['mountains', 'alpine', 'hills', 'hiking', 'outdoors', 'outdoor', 'lake'],
    pool: ['poolside', 'swimming', 'water', 'splash', 'underwater', 'summer'],
    bathroom: ['bath', 'spa', 'shower', 'vanity', 'wellness', 'sink'],
    room: ['interior', 'living room', 'bedroom', 'home', 'shelf', 'table', 'desk', 'office', 'sofa', 'windowsill', 'window'],
    space: ['galaxy', 'cosmic', 'cosmos', 'planet', 'astronaut', 'universe', 'outer space'],
  }),
  ...entries<TimeName>('time', {
    day: ['daylight', 'morning', 'sunny day', 'noon', 'midday', 'bright day'],
    sunset: ['dusk', 'sunrise', 'dawn', 'golden hour', 'twilight', 'evening'],
    night: ['midnight', 'moonlight', 'moonlit', 'stars', 'starry', 'nighttime', 'dark night', 'moon'],
  }),
  ...entries<ObjectName>('object', {
    bottle: ['water bottle', 'flask', 'tumbler', 'wine bottle', 'beer', 'soda', 'drink', 'juice', 'shampoo', 'kombucha'],
    perfume: ['fragrance', 'cologne', 'scent', 'eau de parfum', 'parfum'],
    sneaker: ['sneakers', 'shoe', 'shoes', 'trainer', 'trainers', 'footwear', 'running shoe', 'boot', 'boots', 'heels', 'sandal'],
    mug: ['cup', 'coffee', 'tea', 'latte', 'espresso cup', 'teacup', 'cappuccino'],
    watch: ['wristwatch', 'smartwatch', 'timepiece', 'chronograph'],
    bag: ['handbag', 'purse', 'tote', 'backpack', 'clutch', 'satchel', 'wallet'],
    phone: ['smartphone', 'iphone', 'mobile', 'cellphone', 'phone case', 'android'],
    candle: ['candles', 'tealight', 'candlelight'],
    lipstick: ['lip', 'lipgloss', 'lip gloss', 'makeup', 'cosmetics', 'cosmetic'],
    headphones: ['headphone', 'headset', 'earphones', 'earbuds', 'audio', 'speaker'],
    jar: ['cream', 'moisturizer', 'moisturiser', 'skincare', 'lotion', 'balm', 'honey', 'jam', 'candy'],
    serum: ['dropper', 'essential oil', 'face oil', 'tincture', 'oil'],
    sunglasses: ['glasses', 'shades', 'eyewear', 'spectacles'],
    gift: ['gift box', 'present', 'box', 'package', 'packaging', 'giftbox', 'hamper', 'jewelry box', 'jewellery box'],
    soap: ['soap bar', 'bar of soap', 'bath bomb', 'bar'],
    tube: ['toothpaste', 'sunscreen', 'sunblock', 'hand cream', 'cleanser', 'face wash', 'gel', 'ointment'],
    ring: ['rings', 'jewelry', 'jewellery', 'necklace', 'earring', 'earrings', 'bracelet', 'diamond', 'engagement ring', 'pendant'],
    plant: ['succulent', 'houseplant', 'potted plant', 'cactus plant', 'bonsai', 'vase', 'bouquet'],
    shirt: ['t-shirt', 'tshirt', 'tee', 'hoodie', 'sweater', 'jacket', 'apparel', 'clothing', 'dress', 'blouse', 'gown'],
  }),
  ...entries<MoodName>('mood', {
    minimal: ['minimalist', 'minimalistic', 'clean', 'simple', 'sleek', 'scandinavian', 'understated', 'zen'],
    bold: ['vibrant', 'vivid', 'striking', 'colorful', 'colourful', 'pop', 'energetic', 'dynamic', 'loud', 'saturated'],
    luxury: ['luxurious', 'premium', 'elegant', 'high end', 'high-end', 'opulent', 'glamorous', 'glam', 'exclusive', 'classy', 'royal'],
    playful: ['fun', 'whimsical', 'cute', 'quirky', 'confetti', 'party', 'happy', 'joyful', 'kawaii', 'candy colors'],
    cozy: ['cosy', 'warm', 'hygge', 'comfy', 'autumn', 'fall', 'homey', 'snug', 'inviting'],
    fresh: ['natural', 'organic', 'airy', 'bright', 'crisp', 'spring fresh', 'eco'],
    moody: ['dark', 'dramatic', 'mysterious', 'cinematic', 'shadowy', 'noir film', 'gothic'],
  }),
  ['podium', { kind: 'podium' }],
  ['pedestal', { kind: 'podium' }],
  ['plinth', { kind: 'podium' }],
  ['platform', { kind: 'podium' }],
  ['display', { kind: 'podium' }],
]);

/** Later objects in this list are more specific: "perfume bottle" is a perfume, not a bottle. */
const OBJECT_SPECIFICITY: readonly ObjectName[] = [
  'gift',
  'soap',
  'bottle',
  'mug',
  'jar',
  'plant',
  'shirt',
  'bag',
  'phone',
  'candle',
  'sunglasses',
  'headphones',
  'watch',
  'sneaker',
  'serum',
  'lipstick',
  'tube',
  'ring',
  'perfume',
];

export interface PromptCues {
  /** Colour of the product itself (a colour word just before the object word), if any. */
  productColour: ColourName | null;
  /** Colour words that describe the scene, in order. */
  sceneColours: ColourName[];
  /** Every colour word, in order (materials with an inherent colour add theirs). */
  colours: ColourName[];
  pastel: boolean;
  materials: MaterialName[];
  place: PlaceName | null;
  time: TimeName | null;
  /** Place and time together, in prompt order: "beach at sunset" → ['beach', 'sunset']. */
  settings: Array<PlaceName | TimeName>;
  object: ObjectName | null;
  moods: MoodName[];
  podium: boolean;
  /** Hash of the normalised prompt: drives every choice no cue decides. */
  hash: number;
}

export function normalisePrompt(prompt: string): string {
  return prompt
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9\- ]+/g, ' ')
    .replaceAll(/\s+/g, ' ')
    .trim();
}

function lookup(word: string): Cue | undefined {
  const direct = VOCABULARY.get(word);
  if (direct) return direct;
  if (word.length > 4 && word.endsWith('ies')) return VOCABULARY.get(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith('es')) return VOCABULARY.get(word.slice(0, -2)) ?? VOCABULARY.get(word.slice(0, -1));
  if (word.length > 3 && word.endsWith('s')) return VOCABULARY.get(word.slice(0, -1));
  return undefined;
}

interface Match {
  cue: Cue;
  index: number;
}

function matchWords(words: readonly string[]): Match[] {
  const matches: Match[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    // A negated word ("no people", "without red") is not a cue.
    const previous = words[i - 1];
    if (previous === 'no' || previous === 'without' || previous === 'not') continue;
    const three = i + 2 < words.length ? VOCABULARY.get(`${word} ${words[i + 1]} ${words[i + 2]}`) : undefined;
    if (three) {
      matches.push({ cue: three, index: i + 2 });
      i += 2;
      continue;
    }
    const two = i + 1 < words.length ? VOCABULARY.get(`${word} ${words[i + 1]}`) : undefined;
    if (two) {
      matches.push({ cue: two, index: i + 1 });
      i += 1;
      continue;
    }
    const one = lookup(word);
    if (one) matches.push({ cue: one, index: i });
  }
  return matches;
}

const uniquePush = <T>(list: T[], value: T) => {
  if (!list.includes(value)) list.push(value);
};

export function parsePromptCues(prompt: string): PromptCues {
  const normalised = normalisePrompt(prompt);
  const words = normalised.split(' ').filter(Boolean);
  const matches = matchWords(words);

  let object: { value: ObjectName; index: number } | null = null;
  for (const { cue, index } of matches) {
    if (cue.kind !== 'object') continue;
    if (!object || OBJECT_SPECIFICITY.indexOf(cue.value) > OBJECT_SPECIFICITY.indexOf(object.value)) object = { value: cue.value, index };
  }

  const cues: PromptCues = {
    productColour: null,
    sceneColours: [],
    colours: [],
    pastel: false,
    materials: [],
    place: null,
    time: null,
    settings: [],
    object: object?.value ?? null,
    moods: [],
    podium: false,
    hash: hashString(normalised),
  };

  for (const { cue, index } of matches) {
    switch (cue.kind) {
      case 'colour': {
        uniquePush(cues.colours, cue.value);
        // "a red leather sneaker": a colour up to three words before the product colours the product.
        const describesProduct = object !== null && index < object.index && object.index - index <= 3;
        if (describesProduct && cues.productColour === null) cues.productColour = cue.value;
        else uniquePush(cues.sceneColours, cue.value);
        break;
      }
      case 'pastel':
        cues.pastel = true;
        break;
      case 'material':
        uniquePush(cues.materials, cue.value);
        if (cue.colour) uniquePush(cues.colours, cue.colour);
        break;
      case 'place':
        // Snow is weather as much as a place: "snowy mountains" are mountains.
        if (cues.place === null || cues.place === 'snow') cues.place = cue.value;
        uniquePush(cues.settings, cue.value);
        break;
      case 'time':
        cues.time ??= cue.value;
        uniquePush(cues.settings, cue.value);
        break;
      case 'mood':
        uniquePush(cues.moods, cue.value);
        break;
      case 'podium':
        cues.podium = true;
        break;
      case 'object':
        break;
    }
  }
  return cues;
}
