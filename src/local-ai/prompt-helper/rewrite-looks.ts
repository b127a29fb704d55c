// Rewrite (image): the looks a descriptor can ask for, and applying them.

import { splitClauses } from './text.ts';
import { lensWords, lightingWords } from './vocabulary-aspects.ts';

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

export function findLook(part: string): Look | undefined {
  const text = part.trim().replace(/^(?:a|an|the)\s+/i, '');
  return looks.find((look) => look.words.test(text) || look.words.test(part.trim()));
}

export function applyLooks(prompt: string, selected: Look[]): string {
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
