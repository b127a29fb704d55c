/**
 * Reads a prompt for the words that decide a picture: the product (named in the subject phrase),
 * colours and materials (palette), the place and time of day (backdrop), props beside the product
 * and the mood (contrast and layout).
 */
import { hashString } from './prng.ts';

const COLOUR_WORDS = {
  red: ['crimson', 'scarlet', 'ruby', 'cherry', 'burgundy', 'wine', 'maroon'],
  orange: ['tangerine', 'amber', 'terracotta', 'rust', 'peach', 'apricot', 'copper'],
  yellow: ['lemon yellow', 'mustard', 'sunny', 'butter'],
  gold: ['golden', 'brass', 'champagne'],
  green: ['emerald', 'olive', 'sage', 'lime green', 'jade', 'forest green'],
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
};
export type ColourName = keyof typeof COLOUR_WORDS;

const MATERIAL_WORDS = {
  marble: ['marbled', 'terrazzo'],
  wood: ['wooden', 'oak', 'walnut', 'rustic'],
  neon: ['cyberpunk', 'synthwave'],
  velvet: [],
  silk: ['satin', 'silky'],
  concrete: ['cement'],
  glass: ['crystal'],
  stone: ['pebble', 'rocks'],
};
export type MaterialName = keyof typeof MATERIAL_WORDS;

/** Words that name a place. */
const PLACE_WORDS = {
  studio: ['backdrop', 'seamless', 'photoshoot', 'white background', 'plain background'],
  beach: ['ocean', 'sea', 'seaside', 'coast', 'coastal', 'shore', 'island'],
  kitchen: ['countertop', 'counter', 'cafe', 'coffee shop', 'bakery'],
  forest: ['woods', 'woodland', 'jungle', 'rainforest'],
  city: ['urban', 'street', 'skyline', 'downtown', 'rooftop', 'metropolis', 'new york', 'tokyo', 'alley'],
  snow: [],
  desert: ['dunes', 'dune', 'sahara', 'arid'],
  garden: ['botanical', 'meadow', 'park'],
  mountain: ['mountains', 'alpine', 'hills'],
  pool: ['poolside', 'swimming', 'underwater'],
  bathroom: ['bath', 'spa', 'shower', 'vanity'],
  room: ['interior', 'living room', 'bedroom', 'office', 'sofa', 'windowsill'],
  space: ['galaxy', 'cosmic', 'cosmos', 'planet', 'astronaut', 'universe', 'outer space'],
};
export type PlaceName = keyof typeof PLACE_WORDS;

/** Words that only hint at a place ("water droplets", "summer dress"): any named place wins over them. */
const PLACE_HINTS: Partial<Record<PlaceName, string[]>> = {
  beach: ['tropical', 'tropics', 'waves', 'surf', 'palm'],
  kitchen: ['breakfast', 'brunch', 'cooking'],
  forest: ['trees', 'nature', 'pine'],
  snow: ['snowy', 'winter', 'christmas', 'ice', 'icy', 'frost', 'frosty', 'holiday', 'festive'],
  desert: ['cactus'],
  garden: ['flowers', 'flower', 'floral', 'blossom', 'spring', 'grass'],
  mountain: ['hiking', 'outdoors', 'outdoor', 'lake'],
  pool: ['water', 'splash', 'summer'],
  bathroom: ['wellness', 'sink'],
  room: ['home', 'shelf', 'table', 'desk', 'window', 'bedside'],
};

const TIME_WORDS = {
  day: ['daylight', 'morning', 'sunny day', 'noon', 'midday', 'bright day'],
  sunset: ['dusk', 'sunrise', 'dawn', 'golden hour', 'twilight', 'evening'],
  night: ['midnight', 'moonlight', 'moonlit', 'stars', 'starry', 'nighttime', 'dark night', 'moon'],
};
export type TimeName = keyof typeof TIME_WORDS;

/** The product kinds the renderer draws, least specific first: "perfume bottle" is a perfume, "perfume box" a box. */
const OBJECT_WORDS = {
  gift: ['gift box', 'present', 'giftbox', 'hamper', 'jewelry box', 'jewellery box'],
  soap: ['soap bar', 'bar of soap', 'bath bomb'],
  bottle: ['water bottle', 'flask', 'tumbler', 'wine bottle', 'beer', 'soda', 'drink', 'juice', 'shampoo', 'kombucha', 'lemonade'],
  can: ['cans', 'soda can', 'tin can', 'beer can', 'drink can', 'can of', 'energy drink'],
  mug: ['cup', 'coffee', 'tea', 'latte', 'espresso cup', 'teacup', 'cappuccino'],
  jar: ['cream', 'moisturizer', 'moisturiser', 'skincare', 'lotion', 'balm', 'honey', 'jam', 'candy'],
  plant: ['succulent', 'houseplant', 'potted plant', 'cactus plant', 'bonsai', 'vase', 'bouquet'],
  shirt: ['t shirt', 'tshirt', 'tee', 'hoodie', 'sweater', 'jumper', 'jacket', 'blazer', 'cardigan', 'apparel', 'clothing', 'blouse'],
  dress: ['gown', 'sundress', 'frock', 'skirt'],
  bag: ['handbag', 'purse', 'tote', 'backpack', 'clutch', 'satchel', 'wallet'],
  phone: ['smartphone', 'iphone', 'mobile', 'cellphone', 'phone case', 'android'],
  candle: ['candles', 'tealight', 'candlelight'],
  sunglasses: ['glasses', 'shades', 'eyewear', 'spectacles'],
  headphones: ['headphone', 'headset', 'earphones', 'earbuds', 'audio', 'speaker'],
  watch: ['wristwatch', 'smartwatch', 'timepiece', 'chronograph', 'fitness tracker', 'tracker'],
  sneaker: ['sneakers', 'shoe', 'shoes', 'trainer', 'trainers', 'footwear', 'running shoe', 'boot', 'boots', 'heels', 'sandal'],
  serum: ['dropper', 'essential oil', 'face oil', 'tincture', 'oil'],
  lipstick: ['lip', 'lipgloss', 'lip gloss', 'makeup', 'cosmetics', 'cosmetic'],
  tube: ['toothpaste', 'sunscreen', 'sunblock', 'hand cream', 'cleanser', 'face wash', 'gel', 'ointment'],
  ring: ['rings', 'jewelry', 'jewellery', 'necklace', 'earring', 'earrings', 'bracelet', 'diamond', 'engagement ring', 'pendant'],
  perfume: ['fragrance', 'cologne', 'scent', 'eau de parfum', 'parfum', 'flacon'],
  // The neutral form: a carton labelled with the product's name.
  box: ['package', 'packaging', 'carton', 'pouch', 'sachet', 'packet', 'bag of', 'pack of'],
};
export type ObjectName = keyof typeof OBJECT_WORDS;
export const OBJECTS = Object.keys(OBJECT_WORDS) as ObjectName[];

/** Things beside the product ("with lemons", "among autumn leaves"); never the product itself. */
const PROP_WORDS = {
  lemons: ['lemon', 'lemon slices', 'citrus', 'grapefruit'],
  limes: ['lime', 'lime slices', 'cucumber', 'cucumber slices', 'kiwi'],
  leaves: ['leaf', 'greenery', 'foliage', 'eucalyptus', 'fern', 'monstera', 'pampas', 'pampas grass', 'herbs'],
  'autumn leaves': ['fall leaves', 'maple leaves', 'dried leaves'],
  petals: ['petal', 'rose petal', 'flower petals'],
  droplets: ['droplet', 'water droplets', 'water drops', 'condensation', 'dew'],
  beans: ['coffee beans', 'cocoa beans'],
  'ice cubes': ['ice cube', 'ice bucket'],
};
export type PropName = keyof typeof PROP_WORDS;

const MOOD_WORDS = {
  minimal: ['minimalist', 'minimalistic', 'clean', 'simple', 'sleek', 'scandinavian', 'understated', 'zen'],
  bold: ['vibrant', 'vivid', 'striking', 'colorful', 'colourful', 'pop', 'energetic', 'dynamic', 'loud', 'saturated'],
  luxury: ['luxurious', 'premium', 'elegant', 'high end', 'opulent', 'glamorous', 'glam', 'exclusive', 'classy', 'royal'],
  playful: ['fun', 'whimsical', 'cute', 'quirky', 'confetti', 'party', 'happy', 'joyful', 'kawaii', 'candy colors'],
  cozy: ['cosy', 'warm', 'hygge', 'comfy', 'autumn', 'fall', 'homey', 'snug', 'inviting'],
  fresh: ['natural', 'organic', 'airy', 'bright', 'crisp', 'spring fresh', 'eco'],
  moody: ['dark', 'dramatic', 'mysterious', 'cinematic', 'shadowy', 'noir film', 'gothic'],
};
export type MoodName = keyof typeof MOOD_WORDS;

type Cue =
  | { kind: 'colour'; value: ColourName }
  | { kind: 'material'; value: MaterialName }
  | { kind: 'place'; value: PlaceName; hint?: true }
  | { kind: 'time'; value: TimeName }
  | { kind: 'object'; value: ObjectName }
  | { kind: 'prop'; value: PropName }
  | { kind: 'mood'; value: MoodName }
  | { kind: 'flag'; value: 'pastel' | 'worn' | 'podium' };

function entries(kind: Cue['kind'], table: Record<string, readonly string[]>, extra: object = {}): Array<[string, Cue]> {
  return Object.entries(table).flatMap(([value, words]) =>
    [value, ...words].map((word): [string, Cue] => [word, { kind, value, ...extra } as Cue]),
  );
}

const VOCABULARY = new Map<string, Cue>([
  ...entries('colour', COLOUR_WORDS),
  ...entries('flag', {
    pastel: ['pastels'],
    worn: ['model', 'mannequin', 'woman', 'man', 'person', 'girl', 'boy', 'wearing'],
    podium: ['pedestal', 'plinth', 'platform', 'display'],
  }),
  ...entries('material', MATERIAL_WORDS),
  ...entries('place', PLACE_WORDS),
  ...entries('place', PLACE_HINTS as Record<string, string[]>, { hint: true }).filter(([word]) => !(word in PLACE_WORDS)),
  ...entries('time', TIME_WORDS),
  ...entries('object', OBJECT_WORDS),
  ...entries('prop', PROP_WORDS),
  ...entries('mood', MOOD_WORDS),
]);

/** Words that end a phrase: the product is named before them, the scene after. */
const BREAKS = new Set(
  'on in at with beside by against over above under below beneath underneath near next onto into inside among amid surrounded from for and or plus behind between across through atop upon around along featuring showing while during within no not without'.split(
    ' ',
  ),
);
/** Words that say nothing about what the product is: articles, camera and lighting talk. */
const FILLERS = new Set(
  'a an the this that these those some its our my your one single product photo photograph photography picture image shot view close up closeup top down flat lay angle macro commercial editorial ad advert campaign style scene background light lighting lit soft gentle hard rim side high quality resolution hd 4k 8k realistic photorealistic professional beautiful aesthetic vibe vibes mood tones tone shadow shadows reflection reflections texture detail details depth field bokeh blur new drop sale launch visual look feel very stunning gorgeous amazing breathtaking epic masterpiece detailed hyperrealistic ultra award winning trending 3d render rendering illustration of'.split(
    ' ',
  ),
);
const NEGATIONS = ['no', 'without', 'not'];
/** A participle or particle that trails the product's name: "granola bars stacked", "yoga mat rolled out". */
const TRAILING = /^(?:.{3,}(?:ing|ed)|open|out|up|down|away|off)$/;

export interface PromptCues {
  /** Colour of the product itself (a colour word in the subject phrase), if any. */
  productColour: ColourName | null;
  /** Colour words that describe the scene, in order. */
  sceneColours: ColourName[];
  /** Every colour word, in order. */
  colours: ColourName[];
  pastel: boolean;
  materials: MaterialName[];
  /** A colour named right before a surface material: "lilac velvet", "pink marble". */
  surfaceColour: ColourName | null;
  place: PlaceName | null;
  time: TimeName | null;
  /** The product kind: a drawn one, or `box` (the neutral form) when the prompt names one the renderer cannot draw. */
  object: ObjectName | null;
  /** What the neutral form's label says: the subject phrase's last words ("eyeshadow palette"). */
  label: string | null;
  props: PropName[];
  /** The garment is on a model or mannequin. */
  worn: boolean;
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
    .replaceAll(/[^a-z0-9 ]+/g, ' ')
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
  start: number;
  end: number;
}

/** Three- and two-word phrases first, then single words; a negated word ("no people", "without red") is not a cue. */
function matchClause(words: readonly string[], offset: number, matches: Match[]): void {
  for (let i = 0; i < words.length; i++) {
    if (NEGATIONS.includes(words[i - 1] ?? '')) continue;
    // "can" before another word of the same run is the verb ("a bottle that can keep drinks cold").
    if (words[i] === 'can' && words[i + 1] !== undefined && words[i + 1] !== 'of' && !BREAKS.has(words[i + 1]!)) continue;
    for (let size = Math.min(3, words.length - i); size >= 1; size--) {
      const cue = lookup(words.slice(i, i + size).join(' '));
      if (!cue) continue;
      matches.push({ cue, start: offset + i, end: offset + i + size - 1 });
      i += size - 1;
      break;
    }
  }
}

/**
 * The subject phrase: the first run of words between breaks (prepositions, "and", punctuation)
 * that names something, trailing participles dropped. The product is named there; objects named
 * elsewhere ("plants in background") are scenery.
 */
function subjectPhrase(clauses: readonly string[][], matches: readonly Match[]): { start: number; end: number } | null {
  const covered = new Map<number, Cue>();
  for (const m of matches) for (let i = m.start; i <= m.end; i++) covered.set(i, m.cue);
  let offset = 0;
  for (const words of clauses) {
    let start = 0;
    for (let i = 0; i <= words.length; i++) {
      if (i < words.length && !(BREAKS.has(words[i] ?? '') && !covered.has(offset + i))) continue;
      const names = (last: number) =>
        words.slice(start, last + 1).some((word, j) => {
          const cue = covered.get(offset + start + j);
          return cue ? cue.kind === 'object' : !FILLERS.has(word) && !NEGATIONS.includes(words[start + j - 1] ?? '');
        });
      let end = i - 1;
      while (end >= start && !covered.has(offset + end) && TRAILING.test(words[end] ?? '')) end--;
      // A run whose naming word is itself a participle ("a pudding", "luxury bedding") keeps it.
      if (names(end)) return { start: offset + start, end: offset + end };
      if (end < i - 1 && names(i - 1)) return { start: offset + start, end: offset + i - 1 };
      start = i + 1;
    }
    offset += words.length;
  }
  return null;
}

const uniquePush = <T>(list: T[], value: T) => {
  if (!list.includes(value)) list.push(value);
};

export function parsePromptCues(prompt: string): PromptCues {
  const clauses = prompt.split(/[,;:.!?()[\]\n]+/).map((clause) => normalisePrompt(clause).split(' ').filter(Boolean));
  const words = clauses.flat();
  const matches: Match[] = [];
  clauses.reduce((offset, clause) => (matchClause(clause, offset, matches), offset + clause.length), 0);
  const subject = subjectPhrase(clauses, matches);
  const inSubject = (m: Match) => subject !== null && m.start >= subject.start && m.end <= subject.end;

  let object: ObjectName | null = null;
  for (const { cue } of matches.filter(inSubject)) {
    if (cue.kind === 'object' && (!object || OBJECTS.indexOf(cue.value) > OBJECTS.indexOf(object))) object = cue.value;
  }
  if (subject && !object) object = 'box';
  // The label keeps "of" inside a name ("sense of wonder"), not in front of it.
  const named = subject ? words.slice(subject.start, subject.end + 1).filter((w) => w === 'of' || !FILLERS.has(w)) : [];
  const label = named.slice(-3).join(' ').replace(/^of ?/, '');

  const cues: PromptCues = {
    productColour: null,
    sceneColours: [],
    colours: [],
    pastel: false,
    materials: [],
    surfaceColour: null,
    place: null,
    time: null,
    object,
    label: object === 'box' && label ? label : null,
    props: [],
    worn: false,
    moods: [],
    podium: false,
    hash: hashString(normalisePrompt(prompt)),
  };

  // A named place beats a hint; a place after the product's name beats one inside it ("summer dress … in a garden").
  let placeScore = -1;
  for (const [i, match] of matches.entries()) {
    const { cue } = match;
    const before = matches[i - 1];
    switch (cue.kind) {
      case 'colour':
        uniquePush(cues.colours, cue.value);
        if (inSubject(match) && cues.productColour === null) cues.productColour = cue.value;
        else uniquePush(cues.sceneColours, cue.value);
        break;
      case 'flag':
        cues[cue.value] = true;
        break;
      case 'material':
        uniquePush(cues.materials, cue.value);
        if (before?.cue.kind === 'colour' && before.end === match.start - 1 && !['glass', 'neon'].includes(cue.value))
          cues.surfaceColour ??= before.cue.value;
        break;
      case 'place': {
        const score = (cue.hint ? 0 : 2) + (inSubject(match) ? 0 : 1);
        if (score > placeScore) [cues.place, placeScore] = [cue.value, score];
        break;
      }
      case 'time':
        cues.time ??= cue.value;
        break;
      case 'prop':
        uniquePush(cues.props, cue.value);
        break;
      case 'object':
        // A plant beside the product is greenery.
        if (cue.value === 'plant' && !inSubject(match)) uniquePush(cues.props, 'leaves');
        break;
      case 'mood':
        uniquePush(cues.moods, cue.value);
        break;
    }
  }
  return cues;
}
