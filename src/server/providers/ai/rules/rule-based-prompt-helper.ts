/**
 * The built-in prompt helper (name 'local'): Klipt's zero-setup enhance and rewrite, by rules.
 *
 * Enhance keeps the user's words in their order and appends what a product photo prompt usually
 * lacks — a setting, lighting, lens/composition, a style and quality terms — chosen for the subject
 * it recognises (apparel, jewelry, beauty, food, electronics, home, people), skipping every aspect
 * the prompt already covers. Deterministic, idempotent, at most ~60 words.
 *
 * Rewrite reads the change request and applies it: a new background or setting replaces the old
 * one; colours are replaced or a colour scheme set; things are added, removed or swapped; time of
 * day, season, weather, mood and camera requests ("make it night", "more minimal", "closer") swap
 * the conflicting phrases for new ones. Anything else is appended as a clause. Compound requests
 * ("add a vase and make it night") are applied in turn. The result always differs from the input.
 *
 * For videos the prompt is the effect's subject: results stay one to three words.
 */

import type { PromptHelper } from '../text-provider.ts';

// ---------------------------------------------------------------------------------------------
// Vocabulary

const colourNames = [
  'red',
  'blue',
  'green',
  'yellow',
  'orange',
  'purple',
  'violet',
  'pink',
  'black',
  'white',
  'grey',
  'gray',
  'brown',
  'beige',
  'gold',
  'golden',
  'silver',
  'navy',
  'teal',
  'turquoise',
  'cream',
  'ivory',
  'maroon',
  'burgundy',
  'lavender',
  'lilac',
  'mint',
  'coral',
  'peach',
  'tan',
  'khaki',
  'cyan',
  'magenta',
  'crimson',
  'scarlet',
  'bronze',
  'copper',
  'emerald',
  'olive',
  'charcoal',
  'mustard',
  'sage',
  'rose-gold',
  'monochrome',
  'pastel',
  'neutral',
];
const colourModifiers = [
  'light',
  'dark',
  'pale',
  'deep',
  'bright',
  'soft',
  'muted',
  'pastel',
  'neon',
  'baby',
  'hot',
  'royal',
  'sky',
  'forest',
  'dusty',
  'navy',
  'warm',
  'cool',
];
const colourWord = `(?:${colourNames.join('|')})`;
const colourPhraseSource = `(?:(?:${colourModifiers.join('|')})\\s+)?${colourWord}(?:(?:\\s+and\\s+|\\s*&\\s*|\\s*,\\s*|\\s+)(?:(?:${colourModifiers.join('|')})\\s+)?${colourWord})*`;
const colourPhrase = new RegExp(`^${colourPhraseSource}$`, 'i');
const colourInText = new RegExp(`\\b${colourPhraseSource}\\b`, 'i');

/** Nouns a product sits on: the setting takes "on". */
const surfaceNouns = [
  'table',
  'desk',
  'counter',
  'countertop',
  'shelf',
  'podium',
  'pedestal',
  'platform',
  'plinth',
  'surface',
  'slab',
  'tray',
  'rock',
  'stone',
  'pebbles',
  'floor',
  'sand',
  'beach',
  'grass',
  'lawn',
  'windowsill',
  'cloth',
  'fabric',
  'linen',
  'velvet',
  'marble',
  'concrete',
  'street',
  'road',
  'sidewalk',
  'rooftop',
  'balcony',
  'terrace',
  'patio',
  'dock',
  'pier',
  'stage',
  'runway',
  'snow',
  'moss',
  'bench',
  'boardwalk',
  'rug',
  'carpet',
  'mat',
  'board',
  'background',
  'backdrop',
];
/** Places a product is in: the setting takes "in". */
const placeNouns = [
  'forest',
  'woods',
  'jungle',
  'garden',
  'park',
  'kitchen',
  'bathroom',
  'bedroom',
  'living room',
  'room',
  'studio',
  'city',
  'town',
  'village',
  'cafe',
  'café',
  'restaurant',
  'bar',
  'office',
  'boutique',
  'store',
  'shop',
  'market',
  'desert',
  'mountains',
  'mountain',
  'field',
  'meadow',
  'lake',
  'river',
  'ocean',
  'sea',
  'pool',
  'waterfall',
  'gym',
  'spa',
  'salon',
  'loft',
  'library',
  'gallery',
  'museum',
  'greenhouse',
  'vineyard',
  'orchard',
  'space',
  'sky',
  'clouds',
  'water',
  'interior',
  'apartment',
  'house',
  'home',
  'hotel',
  'lobby',
  'warehouse',
  'alley',
  'subway',
  'airport',
  'station',
  'harbor',
  'harbour',
  'countryside',
  'nature',
  'canyon',
  'cave',
  'island',
  'underwater',
  'snowfield',
];
const settingNouns = [...surfaceNouns, ...placeNouns];
const settingNounSource = `(?:${[...settingNouns].sort((a, b) => b.length - a.length).join('|')})`;
const prepositionSource =
  '(?:on top of|in front of|surrounded by|underneath|against|inside|beside|amidst|amid|among|atop|onto|under|near|over|on|in|at|by)';
const notPreposition = '(?!(?:on|in|at|with|and|of|by|for|under|near|over|to|from|against|inside)\\b)';
const timeSuffix =
  '(?:\\s+(?:at|during|in)\\s+(?:the\\s+)?(?:sunset|sunrise|night|dusk|dawn|golden hour|morning|evening|daytime|midday|noon|twilight))?';
/** "on a white marble table (at sunset)": a preposition, up to four non-preposition words, a setting noun. */
const settingPhrase = new RegExp(
  `\\s*\\b${prepositionSource}\\s+(?:(?:the|a|an|some)\\s+)?(?:${notPreposition}[\\w'’-]+\\s+){0,4}?${settingNounSource}(?:s|es)?\\b${timeSuffix}`,
  'i',
);
const backgroundPhrase = new RegExp(
  `\\s*\\b(?:on|against|with|in front of|over)\\s+(?:(?:the|a|an)\\s+)?(?:${notPreposition}[\\w'’-]+\\s+){0,4}?(?:background|backdrop)\\b`,
  'i',
);

interface Category {
  name: string;
  keywords: string[];
  style: string;
  background: string;
  lighting: string;
  lens: string;
}

const categories: Category[] = [
  {
    name: 'person',
    keywords: [
      'woman',
      'women',
      'man',
      'men',
      'model',
      'girl',
      'boy',
      'person',
      'people',
      'child',
      'kid',
      'couple',
      'lady',
      'guy',
      'athlete',
      'bride',
      'groom',
      'portrait',
    ],
    style: 'editorial fashion photography',
    background: 'against a clean seamless studio backdrop',
    lighting: 'soft flattering key light with gentle fill',
    lens: '85mm portrait lens, natural skin texture',
  },
  {
    name: 'jewelry',
    keywords: [
      'ring',
      'necklace',
      'earring',
      'bracelet',
      'pendant',
      'watch',
      'jewelry',
      'jewellery',
      'brooch',
      'diamond',
      'chain',
      'anklet',
      'cufflinks',
    ],
    style: 'luxury jewelry photography',
    background: 'on a polished neutral stone surface',
    lighting: 'soft diffused lighting with sparkling highlights',
    lens: '100mm macro lens, crisp fine detail',
  },
  {
    name: 'apparel',
    keywords: [
      'dress',
      'shirt',
      't-shirt',
      'tshirt',
      'tee',
      'hoodie',
      'sweater',
      'jacket',
      'coat',
      'jeans',
      'pants',
      'trousers',
      'skirt',
      'blouse',
      'suit',
      'scarf',
      'hat',
      'cap',
      'sneaker',
      'shoe',
      'boot',
      'sandal',
      'heels',
      'bag',
      'handbag',
      'backpack',
      'tote',
      'wallet',
      'belt',
      'sunglasses',
      'socks',
      'outfit',
      'swimsuit',
      'bikini',
      'shorts',
      'leggings',
    ],
    style: 'professional fashion product photography',
    background: 'on a clean light-grey seamless backdrop',
    lighting: 'soft diffused studio lighting that shows the texture',
    lens: '50mm lens, centered composition',
  },
  {
    name: 'beauty',
    keywords: [
      'perfume',
      'fragrance',
      'cologne',
      'lipstick',
      'serum',
      'cream',
      'moisturizer',
      'moisturiser',
      'skincare',
      'lotion',
      'shampoo',
      'conditioner',
      'cosmetics',
      'makeup',
      'mascara',
      'foundation',
      'nail polish',
      'soap',
      'bottle',
      'jar',
      'candle',
      'oil',
      'balm',
    ],
    style: 'premium beauty product photography',
    background: 'on a smooth marble surface',
    lighting: 'soft diffused lighting with gentle reflections',
    lens: 'eye-level close-up, centered composition',
  },
  {
    name: 'food',
    keywords: [
      'coffee',
      'tea',
      'cake',
      'burger',
      'pizza',
      'salad',
      'juice',
      'wine',
      'beer',
      'cocktail',
      'chocolate',
      'cookie',
      'bread',
      'sandwich',
      'fruit',
      'smoothie',
      'ice cream',
      'pasta',
      'dessert',
      'breakfast',
      'honey',
      'sauce',
      'snack',
      'cupcake',
      'donut',
      'croissant',
      'latte',
      'espresso',
      'drink',
      'soda',
    ],
    style: 'appetizing food photography',
    background: 'on a rustic wooden table',
    lighting: 'warm natural window light',
    lens: '45-degree angle, close framing',
  },
  {
    name: 'electronics',
    keywords: [
      'phone',
      'smartphone',
      'headphones',
      'headphone',
      'earbuds',
      'laptop',
      'tablet',
      'camera',
      'speaker',
      'smartwatch',
      'keyboard',
      'mouse',
      'charger',
      'console',
      'gadget',
      'tv',
      'monitor',
      'drone',
      'controller',
    ],
    style: 'sleek tech product photography',
    background: 'on a matte dark surface',
    lighting: 'crisp studio lighting with a subtle rim light',
    lens: 'three-quarter angle, centered composition',
  },
  {
    name: 'home',
    keywords: [
      'chair',
      'sofa',
      'couch',
      'lamp',
      'vase',
      'mug',
      'cup',
      'plate',
      'bowl',
      'pillow',
      'cushion',
      'blanket',
      'rug',
      'plant',
      'pot',
      'clock',
      'mirror',
      'furniture',
      'decor',
      'teapot',
      'table',
      'bed',
      'shelf',
      'towel',
      'basket',
    ],
    style: 'interior lifestyle photography',
    background: 'in a bright minimal living room',
    lighting: 'soft natural daylight',
    lens: 'eye-level view, balanced composition',
  },
];

const defaultCategory: Category = {
  name: 'product',
  keywords: [],
  style: 'professional e-commerce product photography',
  background: 'on a clean white seamless background',
  lighting: 'soft diffused studio lighting with gentle shadows',
  lens: '50mm lens, centered composition',
};

const outdoorNouns = new Set([
  'beach',
  'forest',
  'woods',
  'jungle',
  'garden',
  'park',
  'city',
  'street',
  'desert',
  'mountain',
  'mountains',
  'field',
  'meadow',
  'lake',
  'river',
  'ocean',
  'sea',
  'rooftop',
  'countryside',
  'nature',
  'island',
  'snow',
  'grass',
  'lawn',
  'canyon',
]);

const styleWords =
  /\b(?:photo|photos|photograph|photography|photoshoot|shot|illustration|painting|render|rendering|cartoon|anime|watercolou?r|sketch|vector|drawing|3d|cinematic|editorial|flat lay|lifestyle|minimalist|vintage|retro|style)\b/i;
const artStyleWords =
  /\b(?:illustration|painting|render|rendering|cartoon|anime|watercolou?r|sketch|vector|drawing|3d|pixel art|clay|claymation|comic)\b/i;
const lightingWords =
  /\b(?:light|lights|lighting|lit|sunlight|sunlit|daylight|sunset|sunrise|golden hour|neon|glow|glowing|backlit|backlight|shadow|shadows|night|moonlight|candlelight|illuminated|moody|low-key|high-key|softbox|dusk|dawn)\b/i;
const lensWords =
  /\b(?:lens|\d+\s?mm|close-?up|macro|wide-angle|wide shot|angle|overhead|top-down|flat lay|composition|centered|centred|framing|framed|aerial|view|perspective|depth of field|bird'?s-eye)\b/i;
const settingWordsAnywhere = new RegExp(`\\b(?:background|backdrop|setting|scene|${settingNounSource})(?:s|es)?\\b`, 'i');

// ---------------------------------------------------------------------------------------------
// Text helpers

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Collapses whitespace and drops trailing sentence punctuation. */
function normalise(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!]+$/, '')
    .trim();
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** A word or phrase as a regex, tolerant of a plural ending on the last word. */
function phraseRegExp(phrase: string, flags = 'i'): RegExp {
  const words = phrase.trim().split(/\s+/).map(escapeRegExp);
  const last = words.pop() ?? '';
  const stem = last.endsWith('ies') ? `${last.slice(0, -3)}(?:y|ies)` : last.replace(/(?:es|s)$/i, '');
  const lastSource = stem === last ? `${last}(?:s|es)?` : `${stem}(?:s|es|)`;
  return new RegExp(`\\b${[...words, lastSource].join('\\s+')}\\b`, flags);
}

function contains(text: string, phrase: string): boolean {
  return phraseRegExp(phrase).test(text);
}

function splitClauses(text: string): string[] {
  return text
    .split(',')
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
}

const vowelSoundExceptions = /^(?:uni|use|usu|eu|one|once|ur)/i;
const silentH = /^(?:hour|honest|honou?r|heir)/i;

function article(word: string): 'a' | 'an' {
  const vowel = /^[aeiou]/i.test(word);
  if (vowel && vowelSoundExceptions.test(word)) return 'a';
  if (!vowel && silentH.test(word)) return 'an';
  return vowel ? 'an' : 'a';
}

/** Fixes "a apple" / "an red" after words were swapped in. */
function fixArticles(text: string): string {
  return text.replace(/\b(a|an|A|An)\s+([\p{L}][\p{L}'’-]*)/gu, (match, given: string, word: string) => {
    const wanted = article(word);
    if (given.toLowerCase() === wanted) return match;
    const fixed = given[0] === 'A' ? wanted[0]!.toUpperCase() + wanted.slice(1) : wanted;
    return `${fixed} ${word}`;
  });
}

const determiners = /^(?:a|an|the|some|my|our|your|his|her|their|its|this|that|these|those|any|every|each|\d+)\b/i;
const massNouns =
  /^(?:snow|sand|water|grass|space|nature|sunlight|moss|fog|mist|rain|fabric|linen|velvet|marble|concrete|wood|silk|satin|leaves|flowers)\b/i;

function isPlural(phrase: string): boolean {
  const last = phrase.trim().split(/\s+/).pop() ?? '';
  return /[^su]s$/i.test(last) && !/(?:ss|us|is)$/i.test(last);
}

/** "beach" → "a beach"; keeps "the beach", "white sand", "mountains". */
function withArticle(phrase: string): string {
  const text = phrase.trim();
  if (determiners.test(text) || isPlural(text) || massNouns.test(text) || /^\p{Lu}/u.test(text)) return text;
  return `${article(text)} ${text}`;
}

function stripArticle(phrase: string): string {
  return phrase.replace(/^(?:a|an|the|some|any|all(?:\s+the)?|those|these|that|this)\s+/i, '').trim();
}

/** Spaces, commas, dangling connectors, duplicate clauses, articles. */
function tidy(text: string): string {
  const clauses: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.replace(/\s+/g, ' ').split(',')) {
    let clause = raw.trim();
    for (let previous = ''; previous !== clause;) {
      previous = clause;
      clause = clause.replace(/\s+(?:with|and|or|on|in|at|of|the|a|an|against|featuring|plus|by|near|under)$/i, '').trim();
      clause = clause.replace(/^(?:and|or|plus)\s+/i, '').trim();
    }
    if (clause === '' || !/[\p{L}\p{N}]/u.test(clause)) continue;
    const key = clause.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    clauses.push(clause);
  }
  return fixArticles(clauses.join(', '));
}

function same(a: string, b: string): boolean {
  return normalise(a).toLowerCase() === normalise(b).toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Enhance (image)

function detectCategory(prompt: string): Category {
  let best: { category: Category; index: number } | undefined;
  for (const category of categories) {
    for (const keyword of category.keywords) {
      const match = phraseRegExp(keyword).exec(prompt);
      if (match && (best === undefined || match.index < best.index)) best = { category, index: match.index };
    }
  }
  return best?.category ?? defaultCategory;
}

function hasSetting(prompt: string): boolean {
  return settingPhrase.test(prompt) || settingWordsAnywhere.test(prompt);
}

function outdoorSetting(prompt: string): boolean {
  const match = settingPhrase.exec(prompt);
  if (!match) return false;
  return [...outdoorNouns].some((noun) => contains(match[0], noun));
}

interface Addition {
  text: string;
  /** Skip the addition when the prompt already has any of these. */
  skipIf: RegExp;
}

export function enhancePrompt(input: string): string {
  const prompt = normalise(input);
  if (prompt === '') return '';
  const category = detectCategory(prompt);
  const art = artStyleWords.test(prompt);
  const clauses = splitClauses(prompt);
  let head = clauses[0] ?? prompt;
  const rest = clauses.slice(1);

  const additions: Addition[] = [];
  let background: string | undefined;
  if (!hasSetting(prompt)) background = category.background;
  if (!styleWords.test(prompt)) additions.push({ text: category.style, skipIf: /$^/ });
  const outdoors = outdoorSetting(prompt);
  additions.push({ text: outdoors ? 'natural daylight' : category.lighting, skipIf: lightingWords });
  if (!art) additions.push({ text: category.lens, skipIf: lensWords });
  additions.push({ text: 'sharp focus', skipIf: /\b(?:sharp|crisp|focus|focused|blurry|blurred)\b/i });
  additions.push({ text: 'high resolution', skipIf: /\b(?:resolution|4k|8k|hd|uhd|high quality|high-quality|hi-res)\b/i });
  if (!art)
    additions.push({ text: 'true-to-life colors', skipIf: /\b(?:colou?rs|colou?r scheme|palette|tones|monochrome|black and white)\b/i });

  const limit = 60;
  let words = wordCount(prompt);
  if (background && words + wordCount(background) <= limit) {
    head = `${head} ${background}`;
    words += wordCount(background);
  }
  const kept: string[] = [];
  for (const addition of additions) {
    if (addition.skipIf.test(prompt)) continue;
    const count = wordCount(addition.text);
    if (words + count > limit) continue;
    kept.push(addition.text);
    words += count;
  }
  return tidy([head, ...rest, ...kept].join(', '));
}

// ---------------------------------------------------------------------------------------------
// Subjects (video)

const subjectFiller = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'its',
  'this',
  'that',
  'these',
  'those',
  'some',
  'photo',
  'photos',
  'picture',
  'image',
  'video',
  'clip',
  'shot',
  'of',
  'show',
  'showing',
  'animate',
  'animated',
  'please',
  'very',
  'really',
  'just',
  'cute',
  'nice',
  'beautiful',
  'amazing',
  'little',
  'something',
  'anything',
  'thing',
]);
const subjectBoundary = new Set([
  'in',
  'on',
  'at',
  'with',
  'for',
  'from',
  'by',
  'near',
  'under',
  'over',
  'into',
  'onto',
  'against',
  'while',
  'and',
  'that',
  'which',
  'who',
  'wearing',
  'holding',
  'is',
  'are',
  'being',
  'inside',
  'during',
  'to',
]);

function subjectWords(text: string): string[] {
  return normalise(text)
    .replace(/["“”‘’`]/g, '')
    .split(/[\s,;:.!?]+/)
    .filter((word) => word !== '');
}

/** One to three words naming the subject: "a photo of my cute puppy playing in the park" → "puppy". */
export function shortenSubject(text: string): string {
  const words = subjectWords(text);
  const kept: string[] = [];
  for (const [index, word] of words.entries()) {
    const lower = word.toLowerCase();
    const next = words[index + 1]?.toLowerCase();
    // "puppy playing in the park" ends at "playing"; "red running shoes" keeps it.
    const verb = /ing$/i.test(lower) && lower.length > 4 && (next === undefined || subjectBoundary.has(next) || subjectFiller.has(next));
    if (kept.length > 0 && (subjectBoundary.has(lower) || verb)) break;
    if (subjectFiller.has(lower) || (kept.length === 0 && subjectBoundary.has(lower))) continue;
    kept.push(word);
  }
  const chosen = kept.length > 0 ? kept : words;
  return chosen.slice(-3).join(' ');
}

export function enhanceSubject(input: string): string {
  return shortenSubject(input);
}

// ---------------------------------------------------------------------------------------------
// Rewrite (image)

const politeness =
  /^(?:please|pls|kindly|can you|could you|would you|will you|i want(?: you)? to|i'd like(?: you)? to|i would like(?: you)? to|i want|let's|lets|try to|try|just|now|also|then|maybe|ok|okay)\s+/i;

function cleanGoal(goal: string): string {
  let text = goal
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
    .trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(politeness, '').trim();
    text = text.replace(/,?\s+please$/i, '').trim();
  }
  return text
    .replace(/^make\s+(?:the\s+)?(?:whole\s+)?(?:image|photo|picture|scene|prompt|shot|thing|everything|this)\b/i, 'make it')
    .trim();
}

/** "add a vase and make it night" → two steps. */
function splitGoal(goal: string): string[] {
  const verbs = 'make|add|remove|change|use|put|place|set|turn|replace|swap|give|include|delete|drop|get rid of|take out|show|switch|move';
  return goal
    .split(new RegExp(`\\s*(?:;|\\band then\\b|\\bthen\\b|,\\s*(?:and\\s+)?(?=(?:${verbs})\\b)|\\band\\s+(?=(?:${verbs})\\b))\\s*`, 'i'))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

// ---- setting

const backgroundGoals: RegExp[] = [
  /^(?:change|set|switch|swap|replace|update|turn|make)\s+(?:the\s+)?(?:background|backdrop|setting|scene|location|environment|surroundings|place)\s+(?:to|into|with|for|be)\s+(.+)$/i,
  /^(?:make|let)\s+(?:the\s+)?(?:background|backdrop)\s+(.+)$/i,
  /^(?:use|add|give it|try|with|choose|pick)\s+(?:an?\s+|the\s+)?(.+?)\s+(?:background|backdrop|setting)(?:\s+instead)?$/i,
  /^(?:(?:an?|the)\s+)?(.+?)\s+(?:background|backdrop)(?:\s+instead)?$/i,
  /^(?:new\s+)?(?:background|backdrop|setting|location)\s*(?::|=|-)?\s*(.+)$/i,
];
const placeGoals: RegExp[] = [
  /^(?:put|place|set|move|show|photograph|shoot|display|stage)\s+(?:it|them|this|(?:the|a|an)\s+[\w'’-]+(?:\s+[\w'’-]+)?)\s+(on top of|in front of|on|in|at|inside|against|near|by|under|onto|into|beside|among|atop)\s+(.+)$/i,
  /^(?:move|take)\s+(?:it|them)\s+to\s+(.+)$/i,
  /^(?:set|place|put)\s+(?:it\s+)?(on|in|at|inside|against)\s+(.+)$/i,
  /^(on|in|at|inside|against|outdoors in|outside in)\s+((?:a|an|the)\s+.+)$/i,
];
const settingAdjectives = new Set([
  'plain',
  'simple',
  'clean',
  'solid',
  'dark',
  'light',
  'pastel',
  'neutral',
  'blurred',
  'blurry',
  'minimal',
  'gradient',
  'textured',
  'transparent',
  'soft',
  'bright',
  'studio',
  'seamless',
  'abstract',
  'colorful',
  'colourful',
  'muted',
  'warm',
  'cool',
]);

function settingPreposition(place: string): string {
  return surfaceNouns.some((noun) => contains(place, noun)) ? 'on' : 'in';
}

/** Builds "on a marble countertop", "on a white background", "in a snowy forest". */
function newSettingPhrase(place: string, preposition?: string): string {
  const text = place.trim().replace(/\s+instead$/i, '');
  if (/\b(?:background|backdrop)\b/i.test(text)) return `on ${withArticle(text)}`;
  const words = stripArticle(text).toLowerCase().split(/\s+/);
  if (words.every((word) => settingAdjectives.has(word) || colourPhrase.test(word)))
    return `on ${withArticle(`${stripArticle(text)} background`)}`;
  const prep = preposition?.toLowerCase().replace(/^(?:outdoors|outside) in$/, 'in') ?? settingPreposition(text);
  return `${prep} ${withArticle(text)}`;
}

/** Puts `phrase` where the prompt's setting was (or after the subject), dropping any other background clauses. */
function replaceSetting(prompt: string, phrase: string): string {
  const clauses = splitClauses(prompt);
  let placed = false;
  const out: string[] = [];
  clauses.forEach((clause, index) => {
    const isBackgroundClause = /\b(?:background|backdrop)\b/i.test(clause);
    if (index > 0 && isBackgroundClause) return;
    if (index > 0 && !placed && settingPhrase.exec(clause)?.index === 0) {
      return;
    }
    let next = clause;
    const match = backgroundPhrase.exec(next) ?? settingPhrase.exec(next);
    if (match && !placed) {
      const marker = '\u0000';
      next = `${next.slice(0, match.index)} ${marker}${next.slice(match.index + match[0].length)}`;
      // The rest of the old setting goes too: "on a rock by the sea" → "on a beach".
      for (
        let other = backgroundPhrase.exec(next) ?? settingPhrase.exec(next);
        other;
        other = backgroundPhrase.exec(next) ?? settingPhrase.exec(next)
      ) {
        next = `${next.slice(0, other.index)}${next.slice(other.index + other[0].length)}`;
      }
      next = next.replace(marker, phrase);
      placed = true;
    }
    out.push(next);
  });
  if (!placed) out[0] = `${out[0] ?? ''} ${phrase}`;
  return out.join(', ');
}

function applySetting(prompt: string, goal: string): string | undefined {
  for (const pattern of backgroundGoals) {
    const match = pattern.exec(goal);
    if (match?.[1] && !/^(?:it|this|that)$/i.test(match[1])) return replaceSetting(prompt, newSettingPhrase(match[1]));
  }
  for (const pattern of placeGoals) {
    const match = pattern.exec(goal);
    if (!match) continue;
    const [preposition, place] = match[2] === undefined ? [undefined, match[1]] : [match[1], match[2]];
    if (place) return replaceSetting(prompt, newSettingPhrase(place, preposition));
  }
  return undefined;
}

// ---- colour

const colourSchemeGoals: RegExp[] = [
  new RegExp(
    `^(?:use|apply|give it|try|switch to|go with|change to|make it|with|in|add)?\\s*(?:an?\\s+|the\\s+)?(${colourPhraseSource})\\s+(colou?r\\s+(?:scheme|palette|grading)|palette|tones?|colou?rs|theme|hues)$`,
    'i',
  ),
  new RegExp(
    `^(?:change|switch|set|make)\\s+(?:the\\s+)?(colou?r\\s+scheme|colou?r\\s+palette|palette|colou?rs|tones)\\s+(?:to\\s+)?(${colourPhraseSource})$`,
    'i',
  ),
];

function applyColourScheme(prompt: string, goal: string): string | undefined {
  let colour: string | undefined;
  let noun: string | undefined;
  const first = colourSchemeGoals[0]!.exec(goal);
  if (first) [colour, noun] = [first[1], first[2]];
  const second = first ? null : colourSchemeGoals[1]!.exec(goal);
  if (second) [noun, colour] = [second[1], second[2]];
  if (!colour || !noun) return undefined;
  const spelling = /colour/i.test(goal) ? 'colour' : 'color';
  const schemeNoun = /^colou?rs$/i.test(noun) ? `${spelling} scheme` : noun.toLowerCase();
  const clauses = splitClauses(prompt).filter(
    (clause, index) => index === 0 || !/\b(?:colou?r (?:scheme|palette|grading)|palette|tones|hues)\b/i.test(clause),
  );
  return [...clauses, `${colour.toLowerCase()} ${schemeNoun}`].join(', ');
}

const objectColourGoal = new RegExp(
  `^(?:make|turn|change|paint|colou?r|recolou?r|dye|switch)\\s+(?:the\\s+)?(.+?)\\s+(?:to\\s+|into\\s+)?(?:be\\s+)?(?:colou?red\\s+)?(${colourPhraseSource})(?:\\s+(?:instead|colou?r(?:ed)?))?$`,
  'i',
);
const colourOfGoal = new RegExp(
  `^(?:change|set|switch|make|turn)\\s+(?:the\\s+)?(?:main\\s+)?colou?r\\s+(?:of\\s+(?:the\\s+)?(.+?)\\s+)?(?:to|into|be)\\s+(${colourPhraseSource})$`,
  'i',
);
const plainColourGoal = new RegExp(
  `^(?:in|use|go|try|all)?\\s*(${colourPhraseSource})(?:\\s+(?:instead|version|one|colou?r(?:ed)?))?$`,
  'i',
);

/** The subject noun to recolour when the goal says "it": the first recognised product noun, else the first clause's last word. */
function mainSubject(prompt: string): RegExpExecArray | undefined {
  const head = splitClauses(prompt)[0] ?? prompt;
  let best: RegExpExecArray | undefined;
  for (const category of categories) {
    for (const keyword of category.keywords) {
      const match = phraseRegExp(keyword).exec(head);
      if (match && (best === undefined || match.index < best.index)) best = match;
    }
  }
  return best;
}

/** Sets the colour of the thing at `match` in `text`: replaces a colour just before it, or adds one before its adjectives. */
function recolourAt(text: string, index: number, colour: string): string {
  const before = text.slice(0, index);
  const after = text.slice(index);
  const existing = new RegExp(`(${colourPhraseSource})\\s+((?:[\\w'’-]+\\s+){0,2})$`, 'i').exec(before);
  if (existing) return `${before.slice(0, existing.index)}${colour} ${existing[2] ?? ''}${after}`;
  // Walk back over adjectives to the determiner or the start of the noun phrase.
  const phrase = /((?:\b(?!(?:a|an|the|my|our|some|on|in|at|with|and|of|for)\b)[\w'’-]+\s+){0,2})$/i.exec(before);
  const start = phrase ? phrase.index : index;
  return `${text.slice(0, start)}${colour} ${text.slice(start)}`;
}

function applyObjectColour(prompt: string, goal: string): string | undefined {
  let target: string | undefined;
  let colour: string | undefined;
  const colourOf = colourOfGoal.exec(goal);
  const objectMatch = colourOf ? null : objectColourGoal.exec(goal);
  if (colourOf) [target, colour] = [colourOf[1] ?? 'it', colourOf[2]];
  else if (objectMatch) [target, colour] = [objectMatch[1], objectMatch[2]];
  else {
    const plain = plainColourGoal.exec(goal);
    if (plain) [target, colour] = ['it', plain[1]];
  }
  if (!target || !colour) return undefined;
  colour = colour.toLowerCase();
  target = stripArticle(target);
  if (/^(?:it|this|them|everything|the\s+(?:product|subject|item))$/i.test(target) || /^(?:product|subject|item)$/i.test(target)) {
    const head = splitClauses(prompt)[0] ?? prompt;
    const existing = colourInText.exec(head);
    if (existing) return prompt.slice(0, existing.index) + colour + prompt.slice(existing.index + existing[0].length);
    const subject = mainSubject(prompt);
    if (subject) return recolourAt(prompt, subject.index, colour);
    return `${prompt}, ${colour} ${/colour/i.test(goal) ? 'colour' : 'color'} scheme`;
  }
  const found = phraseRegExp(target).exec(prompt);
  if (found) return recolourAt(prompt, found.index, colour);
  return `${prompt}, ${colour} ${target}`;
}

// ---- remove

const removeGoal =
  /^(?:remove|delete|drop|erase|exclude|hide|lose|cut|take out|take away|get rid of|leave out|no more|no|without|don'?t show|do not show|don'?t include|do not include|don'?t want|do not want|there should be no|get the)\s+(.+?)(?:\s+(?:from|in|out of|off)\s+(?:the\s+)?(?:scene|image|picture|photo|prompt|shot|background|frame|it|there))?(?:\s+out)?$/i;

function removeItem(prompt: string, item: string): string | undefined {
  const target = phraseRegExp(item).source;
  if (!new RegExp(target, 'i').test(prompt)) return undefined;
  const filler = `(?:(?:a|an|the|some|few|many|two|three|several|little)\\s+)?(?:${notPreposition}[\\w'’-]+\\s+){0,3}?`;
  const connector = new RegExp(
    `\\s*\\b(?:with|and|plus|featuring|next to|beside|alongside|surrounded by|among|including)\\s+${filler}${target}`,
    'i',
  );
  const clauses = splitClauses(prompt);
  const index = clauses.findIndex((clause) => new RegExp(target, 'i').test(clause));
  const clause = clauses[index]!;
  let next: string;
  if (connector.test(clause)) next = clause.replace(connector, '');
  else if (index > 0) next = '';
  else {
    const prepositional = new RegExp(`\\s*\\b${prepositionSource}\\s+${filler}${target}`, 'i');
    next = prepositional.test(clause)
      ? clause.replace(prepositional, '')
      : clause.replace(new RegExp(`\\b(?:(?:a|an|the|some)\\s+)?${target}`, 'i'), '');
  }
  clauses[index] = next;
  const result = tidy(clauses.join(', '));
  return result === '' ? undefined : result;
}

function applyRemove(prompt: string, goal: string): string | undefined {
  const match = removeGoal.exec(goal);
  if (!match?.[1]) return undefined;
  const items = match[1]
    .split(/\s*(?:,|\band\b|&)\s*/i)
    .map((item) => stripArticle(item))
    .filter((item) => item !== '');
  let result = prompt;
  const missing: string[] = [];
  for (const item of items) {
    const removed = removeItem(result, item);
    if (removed === undefined) missing.push(item);
    else result = removed;
  }
  if (missing.length > 0) result = `${result}, without ${missing.join(' or ')}`;
  return result;
}

// ---- add

const addGoal =
  /^(?:add|include|insert|put in|bring in|throw in|also add|also include|with|plus|feature)\s+(.+?)(?:\s+(?:to|in|into|on)\s+(?:the\s+)?(?:scene|image|picture|photo|prompt|shot|frame|it))?$/i;

function applyAdd(prompt: string, goal: string): string | undefined {
  const match = addGoal.exec(goal);
  if (!match?.[1]) return undefined;
  const item = match[1].trim();
  if (lightingWords.test(item) && /\b(?:light|lights|lighting|glow|shadows?)\b/i.test(item)) {
    const clauses = splitClauses(prompt).filter(
      (clause, index) => index === 0 || !/\b(?:light|lighting|lit|glow|shadows?)\b/i.test(clause),
    );
    return [...clauses, stripArticle(item)].join(', ');
  }
  if (contains(prompt, stripArticle(item))) return `${prompt}, with prominent ${stripArticle(item)}`;
  if (/^(?:more|extra|some more)\b/i.test(item)) return `${prompt}, ${item}`;
  return `${prompt}, with ${withArticle(item)}`;
}

// ---- lighting

const lightingGoal = /^(?:use|with|try|give it|switch to|go for|add)\s+(.+?\b(?:light|lights|lighting|glow|illumination)\b.*)$/i;

/** "use natural light": the new lighting replaces the prompt's lighting clauses. */
function applyLighting(prompt: string, goal: string): string | undefined {
  const match = lightingGoal.exec(goal);
  if (!match?.[1]) return undefined;
  const clauses = splitClauses(prompt).filter((clause, index) => index === 0 || !lightingWords.test(clause));
  return [...clauses, stripArticle(match[1])].join(', ');
}

// ---- style of

const styleOfGoal = /^(?:make it\s+|do it\s+|render it\s+|shoot it\s+)?(?:in\s+)?(?:the\s+)?style\s+of\s+(.+)$/i;

function applyStyleOf(prompt: string, goal: string): string | undefined {
  const match = styleOfGoal.exec(goal);
  if (!match?.[1]) return undefined;
  const clauses = splitClauses(prompt).filter((clause, index) => index === 0 || !/\bin the style of\b/i.test(clause));
  return [...clauses, `in the style of ${match[1].trim()}`].join(', ');
}

// ---- replace

const replaceGoals: Array<{ pattern: RegExp; order: 'old-new' | 'new-old' }> = [
  { pattern: /^(?:replace|swap|switch|substitute|exchange)\s+(?:the\s+)?(.+?)\s+(?:with|for|by|to)\s+(.+)$/i, order: 'old-new' },
  { pattern: /^(?:change|turn|convert|transform|make)\s+(?:the\s+)?(.+?)\s+(?:to|into)\s+(.+)$/i, order: 'old-new' },
  { pattern: /^(?:use|show|make it)\s+(.+?)\s+instead of\s+(.+)$/i, order: 'new-old' },
  { pattern: /^(.+?)\s+instead of\s+(.+)$/i, order: 'new-old' },
];

const moodNouns =
  /^(?:it|this|everything|lighting|light|mood|style|look|vibe|atmosphere|time|season|weather|feel|tone|colou?rs?|image|photo|picture|scene)$/i;

function applyReplace(prompt: string, goal: string): string | undefined {
  for (const { pattern, order } of replaceGoals) {
    const match = pattern.exec(goal);
    if (!match?.[1] || !match[2]) continue;
    const [oldText, newText] = order === 'old-new' ? [match[1], match[2]] : [match[2], match[1]];
    const old = stripArticle(oldText);
    if (moodNouns.test(old)) return applyDescriptor(prompt, newText) ?? `${prompt}, ${newText}`;
    const replacement = stripArticle(newText);
    const found = phraseRegExp(old).exec(prompt);
    if (!found) return `${prompt}, ${replacement} instead of ${old}`;
    // The old thing's adjectives described it ("wooden table" → "velvet cushion"); a colour stays.
    const before = prompt.slice(0, found.index);
    const adjectives = new RegExp(`(?:\\b(?!(?:a|an|the|my|our|some|on|in|at|with|and|of|for|by|to)\\b)[\\w'’-]+\\s+){1,2}$`, 'i').exec(
      before,
    );
    let start = found.index;
    let keep = '';
    if (adjectives) {
      start = adjectives.index;
      keep = adjectives[0]
        .trim()
        .split(/\s+/)
        .filter((word) => colourPhrase.test(word))
        .join(' ');
    }
    return `${prompt.slice(0, start)}${keep ? `${keep} ` : ''}${replacement}${prompt.slice(found.index + found[0].length)}`;
  }
  return undefined;
}

// ---- time, season, weather, mood, camera

interface Look {
  id: string;
  /** The whole descriptor must match. */
  words: RegExp;
  group: 'time' | 'season' | 'weather' | 'mood' | 'camera';
  /** Attached to the first clause (after the setting). */
  attach?: string;
  /** Appended as a clause. */
  clause: string;
  /** Phrases that contradict this look and are dropped. */
  conflicts?: RegExp;
}

const timePhrases =
  /\s*\b(?:(?:at|during|in)\s+(?:the\s+)?)?(?:night-?time|night|sunset|sunrise|dusk|dawn|golden hour|morning|evening|daytime|day|midday|noon|twilight|midnight|blue hour)\b(?:\s+(?:light|lighting|sky))?/gi;
const seasonPhrases =
  /\s*\b(?:(?:in|during)\s+(?:the\s+)?)?(?:summer|winter|autumn|fall|spring|christmas|holiday)(?:\s*time)?\b|\b(?:summery|wintry|wintery|autumnal|snowy|snow-covered|frosty|icy)\b\s*/gi;
const weatherPhrases =
  /\s*\b(?:(?:on|in)\s+(?:a\s+)?)?(?:rainy|raining|rain|foggy|fog|misty|mist|sunny|cloudy|overcast|stormy)(?:\s+day)?\b/gi;

const looks: Look[] = [
  {
    id: 'night',
    words: /^(?:night|nighttime|night-time|midnight|at night|dark night|a night scene|night scene|night shot)$/i,
    group: 'time',
    attach: 'at night',
    clause: 'moody night lighting with warm glowing highlights',
    conflicts: /\b(?:daylight|sunlight|sunlit|sunny|bright|midday|noon|window light|natural light)\b/i,
  },
  {
    id: 'sunset',
    words: /^(?:sunset|golden hour|evening|dusk|at sunset|at dusk|in the evening)$/i,
    group: 'time',
    attach: 'at sunset',
    clause: 'warm golden-hour light with long soft shadows',
  },
  {
    id: 'sunrise',
    words: /^(?:sunrise|dawn|morning|early morning|at sunrise|at dawn|in the morning)$/i,
    group: 'time',
    attach: 'at sunrise',
    clause: 'soft pastel morning light',
  },
  {
    id: 'day',
    words: /^(?:day|daytime|day-time|midday|noon|daylight|during the day|in daylight)$/i,
    group: 'time',
    attach: 'in bright daylight',
    clause: 'clear natural sunlight',
    conflicts: /\b(?:night|moonlight|neon|dark|moody|low-key)\b/i,
  },
  { id: 'twilight', words: /^(?:twilight|blue hour)$/i, group: 'time', attach: 'at twilight', clause: 'cool blue-hour light' },
  {
    id: 'summer',
    words: /^(?:summer|summery|summertime|summer time|in summer|in the summer)$/i,
    group: 'season',
    attach: 'in summer',
    clause: 'bright summer sunshine, fresh vibrant colors',
    conflicts: /\b(?:snow|snowy|snowfall|frost|frosty|icy|winter)\b/i,
  },
  {
    id: 'winter',
    words: /^(?:winter|wintry|wintery|wintertime|in winter|in the winter|snowy|snow|snowing)$/i,
    group: 'season',
    attach: 'in winter',
    clause: 'soft falling snow, cool crisp light',
    conflicts: /\b(?:summer|sunshine|tropical|beach)\b/i,
  },
  {
    id: 'autumn',
    words: /^(?:autumn|fall|autumnal|in autumn|in the fall|in fall)$/i,
    group: 'season',
    attach: 'in autumn',
    clause: 'golden fallen leaves, warm autumn tones',
  },
  {
    id: 'spring',
    words: /^(?:spring|springtime|spring time|in spring|in the spring)$/i,
    group: 'season',
    attach: 'in spring',
    clause: 'fresh spring blossoms, soft fresh light',
  },
  {
    id: 'christmas',
    words: /^(?:christmas|christmassy|xmas|holiday|holidays|festive|holiday season)$/i,
    group: 'season',
    clause: 'festive Christmas decorations, warm twinkling lights',
  },
  {
    id: 'rainy',
    words: /^(?:rainy|rain|raining|wet|a rainy day)$/i,
    group: 'weather',
    attach: 'on a rainy day',
    clause: 'glistening raindrops, soft overcast light',
    conflicts: /\b(?:sunny|sunshine)\b/i,
  },
  { id: 'foggy', words: /^(?:foggy|fog|misty|mist|hazy)$/i, group: 'weather', attach: 'in soft fog', clause: 'misty atmospheric light' },
  {
    id: 'sunny',
    words: /^(?:sunny|sunnier|a sunny day|sunshine)$/i,
    group: 'weather',
    attach: 'on a sunny day',
    clause: 'bright natural sunlight',
  },
  {
    id: 'minimal',
    words: /^(?:minimal|minimalist|minimalistic|simple|simpler|clean|cleaner|less cluttered|uncluttered|less busy|sparse)$/i,
    group: 'mood',
    clause: 'minimalist composition, clean uncluttered background, plenty of negative space',
    conflicts: /\b(?:busy|cluttered|maximalist|ornate|crowded)\b/i,
  },
  {
    id: 'luxury',
    words: /^(?:luxury|luxurious|luxe|premium|high-end|high end|upscale|elegant|expensive|classy|fancy|fancier|sophisticated|posh)$/i,
    group: 'mood',
    clause: 'luxurious premium look, elegant styling, rich refined details',
    conflicts: /\b(?:cheap|budget|casual)\b/i,
  },
  {
    id: 'vintage',
    words: /^(?:vintage|retro|old-fashioned|old fashioned|nostalgic|film|analog|analogue|classic|older)$/i,
    group: 'mood',
    clause: 'vintage retro look, warm faded film tones, subtle grain',
    conflicts: /\b(?:modern|futuristic|sleek)\b/i,
  },
  {
    id: 'cinematic',
    words: /^(?:cinematic|dramatic|epic|movie-like|filmic|more dramatic)$/i,
    group: 'mood',
    clause: 'cinematic dramatic lighting, high contrast, rich shadows',
  },
  {
    id: 'bright',
    words: /^(?:bright|brighter|airy|lighter|light|cheerful|happier|happy|less dark|well lit|well-lit)$/i,
    group: 'mood',
    clause: 'bright airy lighting, light and fresh tones',
    conflicts: /\b(?:dark|moody|low-key|gloomy|shadowy|night)\b/i,
  },
  {
    id: 'dark',
    words: /^(?:dark|darker|moody|moodier|mysterious|low-key|low key|gloomy|less bright|noir)$/i,
    group: 'mood',
    clause: 'dark moody atmosphere, low-key lighting, deep shadows',
    conflicts: /\b(?:bright|airy|cheerful|high-key|sunny|daylight|sunlit|sunlight)\b/i,
  },
  {
    id: 'warm',
    words: /^(?:warm|warmer|cozy|cosy|cozier|cosier|inviting)$/i,
    group: 'mood',
    clause: 'warm cozy tones, soft warm lighting',
    conflicts: /\b(?:cool|cold|icy|blue tones)\b/i,
  },
  {
    id: 'cool',
    words: /^(?:cool|cooler|cold|colder|icy|chilly)$/i,
    group: 'mood',
    clause: 'cool blue tones, crisp light',
    conflicts: /\b(?:warm|cozy|cosy|golden)\b/i,
  },
  {
    id: 'colorful',
    words: /^(?:colou?rful|more colou?rful|vibrant|vivid|saturated|bold|bolder|pop|poppy|playful|fun|funky|lively)$/i,
    group: 'mood',
    clause: 'vibrant saturated colors, bold playful styling',
    conflicts: /\b(?:muted|desaturated|monochrome|black and white|dull)\b/i,
  },
  {
    id: 'muted',
    words: /^(?:muted|subtle|subdued|desaturated|calm|calmer|less colou?rful|less saturated|toned down)$/i,
    group: 'mood',
    clause: 'muted soft colors, calm understated styling',
    conflicts: /\b(?:vibrant|saturated|bold|neon|colou?rful)\b/i,
  },
  {
    id: 'natural',
    words: /^(?:natural|organic|earthy|rustic|eco|eco-friendly|botanical)$/i,
    group: 'mood',
    clause: 'natural organic styling, earthy textures, soft natural light',
  },
  {
    id: 'modern',
    words: /^(?:modern|sleek|futuristic|contemporary|high-tech|techy|minimal modern)$/i,
    group: 'mood',
    clause: 'sleek modern styling, clean lines, contemporary look',
    conflicts: /\b(?:vintage|retro|rustic|old-fashioned)\b/i,
  },
  {
    id: 'professional',
    words: /^(?:professional|commercial|polished|studio|studio quality|high quality|better|nicer|premium quality)$/i,
    group: 'mood',
    clause: 'polished professional studio look, flawless lighting',
  },
  {
    id: 'realistic',
    words: /^(?:realistic|photorealistic|photo-realistic|real|lifelike|more real|natural looking|natural-looking)$/i,
    group: 'mood',
    clause: 'photorealistic, true-to-life detail and textures',
    conflicts: /\b(?:cartoon|illustration|painting|anime|3d render|stylized|stylised)\b/i,
  },
  {
    id: 'soft',
    words: /^(?:soft|softer|dreamy|dreamier|gentle|gentler|pastel|ethereal)$/i,
    group: 'mood',
    clause: 'soft dreamy look, gentle diffused light, pastel tones',
    conflicts: /\b(?:harsh|high contrast|hard light)\b/i,
  },
  {
    id: 'sharp',
    words: /^(?:sharp|sharper|crisp|crisper|detailed|more detailed|clearer|clear|in focus|focused)$/i,
    group: 'mood',
    clause: 'tack-sharp focus, crisp fine detail',
    conflicts: /\b(?:blurry|blurred|soft focus|hazy)\b/i,
  },
  {
    id: 'close-up',
    words: /^(?:close-?up|a close-?up|closer|close|zoomed in|zoom in|tighter|macro|detail shot|up close)$/i,
    group: 'camera',
    clause: 'close-up shot, the product fills the frame',
    conflicts: /\b(?:wide shot|wide-angle|full view|zoomed out)\b/i,
  },
  {
    id: 'wide',
    words:
      /^(?:wide|wider|zoomed out|zoom out|further away|farther away|further|farther|full view|wide shot|wide angle|wide-angle|more space)$/i,
    group: 'camera',
    clause: 'wide shot showing the whole scene',
    conflicts: /\b(?:close-?up|macro|zoomed in|fills the frame)\b/i,
  },
  {
    id: 'overhead',
    words: /^(?:from above|overhead|top-down|top down|flat ?lay|a flat ?lay|bird'?s-eye|birds eye|bird's eye view|from the top)$/i,
    group: 'camera',
    clause: 'overhead flat-lay view',
    conflicts: /\b(?:eye-level|low-angle|three-quarter angle|45-degree angle)\b/i,
  },
  {
    id: 'low-angle',
    words: /^(?:from below|low angle|low-angle|a low angle|heroic|hero shot)$/i,
    group: 'camera',
    clause: 'low-angle hero shot',
    conflicts: /\b(?:overhead|top-down|flat-?lay|eye-level)\b/i,
  },
];

const makeItPrefix =
  /^(?:(?:make|turn|change|set|switch|render|give|go|keep|show|let|do|shoot|photograph)\s+)?(?:it|this|everything|them|her|him|the\s+(?:image|photo|picture|scene|shot|mood|look|style|vibe|lighting|light|atmosphere|feel|whole thing|product|subject))?\s*(?:(?:to|into|look|feel|seem|be|at|in|during|a|an|as|like|with)\s+)*(?:(?:bit|little|lot|much|way|even|slightly|somewhat|very|really|super|tad|touch|more|much more)\s+)*/i;
const descriptorSuffix =
  /\s+(?:style|styled|look|looking|feel|feeling|vibe|vibes|mood|version|aesthetic|theme|themed|inspired|time|shot|scene|setting|atmosphere|lighting|light|photo|photography|one|please)$/i;

/** "make it a bit more minimal" → "minimal"; undefined when the goal is not of that form. */
function descriptorOf(goal: string): { text: string; more: boolean } | undefined {
  const prefix = makeItPrefix.exec(goal)?.[0] ?? '';
  const startsLikeDescriptor = prefix.trim() !== '' || /^(?:more|less)\s/i.test(goal) || goal.split(/\s+/).length <= 3;
  if (!startsLikeDescriptor) return undefined;
  const more = /\bmore\b/i.test(prefix);
  let text = goal.slice(prefix.length).trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(descriptorSuffix, '').trim();
  }
  text = text.replace(/^(?:more|much more)\s+/i, '').trim();
  return text === '' ? undefined : { text, more };
}

function findLook(part: string): Look | undefined {
  const text = part.trim().replace(/^(?:a|an|the)\s+/i, '');
  return looks.find((look) => look.words.test(text) || look.words.test(part.trim()));
}

function applyLooks(prompt: string, selected: Look[]): string {
  let clauses = splitClauses(prompt);
  for (const look of selected) {
    const groupPhrases =
      look.group === 'time' ? timePhrases : look.group === 'season' ? seasonPhrases : look.group === 'weather' ? weatherPhrases : undefined;
    // Drop whatever contradicts the new look: other times of day, seasons, moods.
    clauses = clauses
      .map((clause, index) => {
        let next = groupPhrases ? clause.replace(groupPhrases, ' ').trim() : clause;
        if (index > 0 && look.conflicts?.test(next)) next = '';
        if (index > 0 && look.group === 'time' && lightingWords.test(next)) next = '';
        if (index > 0 && look.group === 'camera' && lensWords.test(next)) next = '';
        return next;
      })
      .filter((clause, index) => index === 0 || clause !== '');
    if (look.attach) clauses[0] = `${clauses[0] ?? ''} ${look.attach}`.trim();
    clauses.push(look.clause);
  }
  return clauses.join(', ');
}

function applyDescriptor(prompt: string, goal: string): string | undefined {
  const descriptor = descriptorOf(goal);
  if (!descriptor) return undefined;
  const parts = descriptor.text
    .split(/\s*(?:,|\band\b|&|\+|\bwith\b)\s*/i)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  // "make it black and gold": every part a colour → recolour.
  if (parts.every((part) => colourPhrase.test(part))) return applyObjectColour(prompt, `make it ${parts.join(' and ')}`);
  const found = parts.map((part) => ({ part, look: findLook(part) }));
  if (found.every(({ look }) => look === undefined)) return undefined;
  let result = applyLooks(
    prompt,
    found.flatMap(({ look }) => (look ? [look] : [])),
  );
  const unknown = found.filter(({ look }) => look === undefined).map(({ part }) => part);
  if (unknown.length > 0) result = `${result}, ${unknown.join(', ')}`;
  return result;
}

// ---- fallback

function fallback(prompt: string, goal: string): string {
  const like = /\b(?:look|looks|feel|feels|seem|seems)\s+like\s+(.+)$/i.exec(goal);
  if (like?.[1]) return `${prompt}, styled like ${withArticle(stripArticle(like[1]))}`;
  const descriptor = descriptorOf(goal);
  const startsWithMake = /^(?:make|turn|give)\b/i.test(goal);
  if (startsWithMake && descriptor) {
    const text = descriptor.text;
    const wordsInText = text.split(/\s+/).length;
    const addition = wordsInText === 1 ? `${descriptor.more ? 'more ' : ''}${text} style` : `${descriptor.more ? 'more ' : ''}${text}`;
    return `${prompt}, ${addition}`;
  }
  return `${prompt}, ${goal.charAt(0).toLowerCase()}${goal.slice(1)}`;
}

const steps: Array<(prompt: string, goal: string) => string | undefined> = [
  applyStyleOf,
  applySetting,
  applyColourScheme,
  applyObjectColour,
  applyRemove,
  applyReplace,
  applyLighting,
  applyAdd,
  applyDescriptor,
];

function applyStep(prompt: string, goal: string): string {
  for (const step of steps) {
    const result = step(prompt, goal);
    if (result !== undefined && !same(tidy(result), prompt)) return tidy(result);
  }
  return tidy(fallback(prompt, goal));
}

export function rewritePrompt(input: string, goalInput: string): string {
  const prompt = normalise(input);
  const goal = cleanGoal(goalInput);
  if (goal === '') return prompt;
  if (prompt === '') return tidy(stripArticle(goal));
  let result = prompt;
  for (const part of splitGoal(goal)) result = applyStep(result, part);
  if (same(result, prompt)) result = tidy(`${prompt}, ${goal}`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Rewrite (video subject)

const comparatives: Record<string, string> = {
  bigger: 'big',
  larger: 'large',
  smaller: 'small',
  tinier: 'tiny',
  older: 'old',
  younger: 'young',
  cuter: 'cute',
  brighter: 'bright',
  darker: 'dark',
  shinier: 'shiny',
  fancier: 'fancy',
  happier: 'happy',
  taller: 'tall',
  shorter: 'short',
  stronger: 'strong',
  funnier: 'funny',
  prettier: 'pretty',
  fluffier: 'fluffy',
  longer: 'long',
  thinner: 'thin',
};

function clampSubject(words: string[]): string {
  if (words.length <= 3) return words.join(' ');
  const withIndex = words.findIndex((word) => word.toLowerCase() === 'with');
  if (withIndex > 0) return [words[withIndex - 1]!, 'with', words.at(-1)!].join(' ');
  return words.slice(-3).join(' ');
}

function headNoun(subject: string): string {
  return subjectWords(subject).at(-1) ?? subject;
}

export function rewriteSubject(input: string, goalInput: string): string {
  const subject = shortenSubject(input) || normalise(input);
  const goal = cleanGoal(goalInput);
  if (goal === '') return subject;
  const words = subjectWords(subject);
  const lowerWords = words.map((word) => word.toLowerCase());
  const result = ((): string => {
    // A new subject: "change it to a cat", "make it a dog", "replace the shoe with a bag", "a bag instead".
    const swap =
      /^(?:change|turn|switch|convert|transform|make)\s+(?:it|this|the subject|them|(?:the\s+)?[\w'’-]+)\s+(?:to|into)\s+(.+)$/i.exec(
        goal,
      ) ??
      /^make\s+(?:it|this|them)\s+(?:a|an|the)\s+(.+)$/i.exec(goal) ??
      /^(?:replace|swap)\s+(?:.+?)\s+(?:with|for)\s+(.+)$/i.exec(goal) ??
      /^(?:use|try|show)\s+(?:a|an|the)\s+(.+?)(?:\s+instead)?$/i.exec(goal) ??
      /^(?:a|an|the)\s+(.+?)(?:\s+instead)?$/i.exec(goal) ??
      /^(.+?)\s+instead$/i.exec(goal);
    if (swap?.[1]) {
      const target = swap[1].trim();
      if (colourPhrase.test(target)) return recolourSubject(words, target);
      return shortenSubject(target);
    }
    // A colour: "make it red".
    const colour = objectColourGoal.exec(goal)?.[2] ?? plainColourGoal.exec(goal)?.[1];
    if (colour) return recolourSubject(words, colour);
    // Something removed: drop its words.
    const removal = removeGoal.exec(goal);
    if (removal?.[1]) {
      const drop = new Set(subjectWords(removal[1]).map((word) => word.toLowerCase()));
      const kept = words.filter((word) => !drop.has(word.toLowerCase()));
      if (kept.length > 0 && kept.length < words.length) return kept.join(' ');
      return `${headNoun(subject)} without ${shortenSubject(removal[1]).split(' ').at(-1) ?? removal[1]}`;
    }
    // Something added: "man with hat".
    const addition = addGoal.exec(goal);
    if (addition?.[1]) {
      const item = shortenSubject(addition[1]).split(' ').at(-1) ?? addition[1];
      return `${headNoun(subject)} with ${item}`;
    }
    // An adjective: "make it bigger", "make it more shiny".
    const descriptor = descriptorOf(goal);
    if (descriptor && descriptor.text.split(/\s+/).length <= 2) {
      const adjective = descriptor.text
        .split(/\s+/)
        .map((word) => comparatives[word.toLowerCase()] ?? word)
        .join(' ');
      if (!lowerWords.includes(adjective.toLowerCase())) return clampSubject([...adjective.split(' '), ...words.slice(-2)]);
    }
    const content = shortenSubject(goal).split(' ').at(-1) ?? goal;
    return clampSubject([content, headNoun(subject)]);
  })();
  const clamped = clampSubject(subjectWords(result));
  return same(clamped, subject) ? clampSubject([...shortenSubject(goal).split(' '), headNoun(subject)]) : clamped;
}

function recolourSubject(words: string[], colour: string): string {
  const kept = words.filter((word) => !colourPhrase.test(word));
  return clampSubject([...colour.toLowerCase().split(/\s+/), ...kept.slice(-2)]);
}

// ---------------------------------------------------------------------------------------------

export function createRuleBasedPromptHelper(): PromptHelper {
  return {
    name: 'local',
    async enhance(prompt, context) {
      context.signal.throwIfAborted();
      const result = context.kind === 'video' ? enhanceSubject(prompt) : enhancePrompt(prompt);
      if (result.trim() === '') throw new Error('Failed to enhance prompt');
      return result;
    },
    async rewrite(prompt, goal, context) {
      context.signal.throwIfAborted();
      if (goal.trim() === '') throw new Error('Describe the change you want');
      const result = context.kind === 'video' ? rewriteSubject(prompt, goal) : rewritePrompt(prompt, goal);
      if (result.trim() === '') throw new Error('Received empty prompt from rewrite service');
      return result;
    },
  };
}
