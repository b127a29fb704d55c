import { describe, expect, it } from 'vitest';
import { enhancePrompt } from './enhance.ts';
import { rewritePrompt } from './rewrite.ts';
import { rewriteSubject } from './rewrite-subject.ts';
import { createRuleBasedPromptHelper } from './rule-based-prompt-helper.ts';
import { enhanceSubject, shortenSubject } from './subject.ts';

const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;
const image = () => ({ signal: new AbortController().signal, kind: 'image' as const });
const video = () => ({ signal: new AbortController().signal, kind: 'video' as const });

describe('enhance (image): adds what fits the subject', () => {
  it.each([
    [
      'red sneakers',
      'red sneakers on a clean light-grey seamless backdrop, professional fashion product photography, soft diffused studio lighting that shows the texture, 50mm lens, centered composition, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'a gold ring',
      'a gold ring on a polished neutral stone surface, luxury jewelry photography, soft diffused lighting with sparkling highlights, 100mm macro lens, crisp fine detail, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'coffee cup',
      'coffee cup on a rustic wooden table, appetizing food photography, warm natural window light, 45-degree angle, close framing, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'wireless headphones',
      'wireless headphones on a matte dark surface, sleek tech product photography, crisp studio lighting with a subtle rim light, three-quarter angle, centered composition, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'a glass perfume bottle.',
      'a glass perfume bottle on a smooth marble surface, premium beauty product photography, soft diffused lighting with gentle reflections, eye-level close-up, centered composition, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'ceramic vase',
      'ceramic vase in a bright minimal living room, interior lifestyle photography, soft natural daylight, eye-level view, balanced composition, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'a woman wearing a linen dress in a garden',
      'a woman wearing a linen dress in a garden, editorial fashion photography, natural daylight, 85mm portrait lens, natural skin texture, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'handmade soy candle',
      'handmade soy candle on a smooth marble surface, premium beauty product photography, soft diffused lighting with gentle reflections, eye-level close-up, centered composition, sharp focus, high resolution, true-to-life colors',
    ],
    [
      'widget',
      'widget on a clean white seamless background, professional e-commerce product photography, soft diffused studio lighting with gentle shadows, 50mm lens, centered composition, sharp focus, high resolution, true-to-life colors',
    ],
  ])('%j', (prompt, expected) => {
    expect(enhancePrompt(prompt)).toBe(expected);
  });

  it.each([
    // the setting is kept (and outdoor settings get daylight, not studio light)
    ['perfume bottle on a beach at sunset', /^perfume bottle on a beach at sunset, premium beauty product photography, eye-level close-up/],
    ['a backpack on a mountain trail', /^a backpack on a mountain trail, professional fashion product photography, natural daylight,/],
    // a stated style, lighting or lens is not doubled
    [
      'ceramic mug on a wooden table with soft lighting, 85mm lens',
      /^ceramic mug on a wooden table with soft lighting, 85mm lens, interior lifestyle photography, sharp focus, high resolution, true-to-life colors$/,
    ],
    ['wireless headphones, cinematic', /^wireless headphones on a matte dark surface, cinematic, crisp studio lighting/],
    // art styles get no camera terms
    [
      'a watercolor illustration of a teapot',
      /^a watercolor illustration of a teapot in a bright minimal living room, soft natural daylight, sharp focus, high resolution$/,
    ],
    [
      'sneakers, 4k, sharp, vibrant colors',
      /^sneakers on a clean light-grey seamless backdrop, 4k, sharp, vibrant colors, professional fashion product photography, soft diffused studio lighting that shows the texture, 50mm lens, centered composition$/,
    ],
  ])('%j keeps what it has', (prompt, expected) => {
    expect(enhancePrompt(prompt)).toMatch(expected);
  });

  const corpus = [
    'red sneakers',
    'a gold ring',
    'white t-shirt with a small logo',
    'Organic honey jar',
    'a smartwatch on a wrist',
    'iced latte',
    'a leather handbag, studio',
    'cozy knitted blanket on a sofa',
    'a man in a navy suit standing in a city street at night',
    'minimalist poster of a mountain',
    'ring',
    'A bottle of red wine on a table with cheese and grapes, warm light',
  ];

  it.each(corpus)('%j: keeps the words, changes something, stays short, is stable', (prompt) => {
    const result = enhancePrompt(prompt);
    expect(result.startsWith(prompt.split(',')[0]!)).toBe(true);
    expect(result).not.toBe(prompt);
    expect(words(result)).toBeLessThanOrEqual(60);
    expect(enhancePrompt(prompt)).toBe(result);
    expect(enhancePrompt(result)).toBe(result);
    const clauses = result.toLowerCase().split(', ');
    expect(new Set(clauses).size).toBe(clauses.length);
  });

  it('never repeats a word family the prompt already has', () => {
    expect(enhancePrompt('sneakers under neon lights')).not.toMatch(/lighting|daylight|window light/);
    expect(enhancePrompt('macro shot of a ring').match(/lens/gi)).toBeNull();
    expect(enhancePrompt('a mug, white background').match(/background|backdrop/gi)).toHaveLength(1);
  });

  it('adds nothing past ~60 words', () => {
    const long = Array.from({ length: 58 }, (_, index) => `word${index}`).join(' ');
    const result = enhancePrompt(long);
    expect(words(result)).toBeLessThanOrEqual(60);
    expect(result.startsWith(long)).toBe(true);
    const huge = Array.from({ length: 80 }, (_, index) => `w${index}`).join(' ');
    expect(enhancePrompt(huge)).toBe(huge);
  });

  it('returns nothing for an empty prompt', () => {
    expect(enhancePrompt('   ')).toBe('');
  });
});

describe('enhance (video): a short subject', () => {
  it.each([
    ['person', 'person'],
    ['a photo of my cute little puppy playing in the park', 'puppy'],
    ['red running shoes', 'red running shoes'],
    ['the man with a muscular body', 'man'],
    ['an image of a woman in a red dress dancing', 'woman'],
    ['smiling woman holding a phone', 'smiling woman'],
    ['  "Sneaker"  ', 'Sneaker'],
    ['cat, cute', 'cat'],
    ['Nike Air Max 90 sneakers for men', 'Max 90 sneakers'],
    ['a really nice ceramic coffee mug on a desk', 'ceramic coffee mug'],
  ])('%j → %j', (subject, expected) => {
    expect(enhanceSubject(subject)).toBe(expected);
    expect(words(enhanceSubject(subject))).toBeLessThanOrEqual(3);
  });

  it('never shortens to nothing', () => {
    expect(shortenSubject('the')).toBe('the');
  });
});

describe('rewrite (image): applies the requested change', () => {
  const p = 'white sneakers on a rock by the sea, soft daylight';
  it.each([
    // setting and background
    [
      'a perfume bottle on a beach at sunset, soft light',
      'change the background to a marble countertop',
      'a perfume bottle on a marble countertop, soft light',
    ],
    ['red sneakers on a white background', 'put it on a beach', 'red sneakers on a beach'],
    ['red sneakers, white background', 'use a forest background', 'red sneakers in a forest'],
    ['a perfume bottle', 'make the background white', 'a perfume bottle on a white background'],
    [p, 'background: a neon city street', 'white sneakers on a neon city street, soft daylight'],
    [p, 'white background', 'white sneakers on a white background, soft daylight'],
    [p, 'please make the background a soft pastel pink', 'white sneakers on a soft pastel pink background, soft daylight'],
    [p, 'put them in a shoe box', 'white sneakers in a shoe box, soft daylight'],
    ['a perfume bottle on a beach', 'at the beach', 'a perfume bottle at the beach'],
    ['a watch', 'change the setting to Paris', 'a watch in Paris'],
    ['a watch', 'change the scene to an office desk', 'a watch on an office desk'],
    // colours
    ['a blue dress on a mannequin', 'make it red', 'a red dress on a mannequin'],
    ['a dress on a mannequin', 'make it red', 'a red dress on a mannequin'],
    ['a leather bag on a table', 'make the bag black', 'a black leather bag on a table'],
    [p, 'make the sneakers red', 'red sneakers on a rock by the sea, soft daylight'],
    [p, 'change the colour to blue', 'blue sneakers on a rock by the sea, soft daylight'],
    [p, 'make it black and white', 'black and white sneakers on a rock by the sea, soft daylight'],
    ['a sofa in a living room', 'make it black and gold', 'a black and gold sofa in a living room'],
    ['a leather bag on a table', 'use a red colour scheme', 'a leather bag on a table, red colour scheme'],
    ['a mug on a table, blue tones', 'use a warm orange color palette', 'a mug on a table, warm orange color palette'],
    [p, 'use a black and white colour scheme', 'white sneakers on a rock by the sea, soft daylight, black and white colour scheme'],
    ['an abstract sculpture', 'make it green', 'an abstract sculpture, green color scheme'],
    // remove
    ['a ring on a wooden table with red roses', 'remove the roses', 'a ring on a wooden table'],
    ['a ring on a wooden table with red roses', 'remove the table', 'a ring with red roses'],
    ['a ring on a wooden table, soft shadows', 'remove shadows', 'a ring on a wooden table'],
    ['a ring on a wooden table', 'remove the flowers', 'a ring on a wooden table, without flowers'],
    [p, 'get rid of the rock', 'white sneakers by the sea, soft daylight'],
    [p, 'remove the sea', 'white sneakers on a rock, soft daylight'],
    [p, 'no text', 'white sneakers on a rock by the sea, soft daylight, without text'],
    [p, 'without the logo', 'white sneakers on a rock by the sea, soft daylight, without logo'],
    ['a cake with candles and sprinkles', 'remove the candles and the sprinkles', 'a cake'],
    // add
    ['a ring on a wooden table', 'add a vase of tulips', 'a ring on a wooden table, with a vase of tulips'],
    ['a ring on a wooden table', 'add soft lighting', 'a ring on a wooden table, soft lighting'],
    [p, 'add a model holding it', 'white sneakers on a rock by the sea, soft daylight, with a model holding it'],
    ['a mug with steam', 'add steam', 'a mug with steam, with prominent steam'],
    ['a mug', 'add an orange', 'a mug, with an orange'],
    // replace
    ['a ring on a wooden table', 'replace the table with a velvet cushion', 'a ring on a velvet cushion'],
    ['a ring on a wooden table', 'change the table to a marble slab', 'a ring on a marble slab'],
    [p, 'swap the sneakers for boots', 'white boots on a rock by the sea, soft daylight'],
    [p, 'change the rock to a concrete block', 'white sneakers on a concrete block by the sea, soft daylight'],
    ['a mug on a desk', 'use a glass instead of the mug', 'a glass on a desk'],
    ['a mug on a desk', 'replace the laptop with a plant', 'a mug on a desk, plant instead of laptop'],
    // time, season, weather
    ['a ring on a wooden table', 'make it night', 'a ring on a wooden table at night, moody night lighting with warm glowing highlights'],
    [p, 'turn it into a night scene', 'white sneakers on a rock by the sea at night, moody night lighting with warm glowing highlights'],
    [
      'a jacket in a snowy forest, natural daylight',
      'make it summer',
      'a jacket in a forest in summer, natural daylight, bright summer sunshine, fresh vibrant colors',
    ],
    ['a sofa in a living room', 'in winter', 'a sofa in a living room in winter, soft falling snow, cool crisp light'],
    ['a tent at sunset, golden light', 'make it sunrise', 'a tent at sunrise, soft pastel morning light'],
    ['a coat on a city street', 'make it rainy', 'a coat on a city street on a rainy day, glistening raindrops, soft overcast light'],
    [
      p,
      'make it Christmas themed',
      'white sneakers on a rock by the sea, soft daylight, festive Christmas decorations, warm twinkling lights',
    ],
    // mood and style
    [
      'a sofa in a living room, busy decor',
      'make it more minimal',
      'a sofa in a living room, minimalist composition, clean uncluttered background, plenty of negative space',
    ],
    ['a sofa in a living room', 'make it brighter', 'a sofa in a living room, bright airy lighting, light and fresh tones'],
    [p, 'make it less dark', 'white sneakers on a rock by the sea, soft daylight, bright airy lighting, light and fresh tones'],
    [
      'a sofa in a living room',
      'more luxurious please',
      'a sofa in a living room, luxurious premium look, elegant styling, rich refined details',
    ],
    [
      p,
      'make it look expensive',
      'white sneakers on a rock by the sea, soft daylight, luxurious premium look, elegant styling, rich refined details',
    ],
    ['a sofa in a living room', 'make it pop', 'a sofa in a living room, vibrant saturated colors, bold playful styling'],
    ['a sofa in a living room', 'make it vintage', 'a sofa in a living room, vintage retro look, warm faded film tones, subtle grain'],
    [
      'a sofa in a living room',
      'change the lighting to dramatic',
      'a sofa in a living room, cinematic dramatic lighting, high contrast, rich shadows',
    ],
    [
      p,
      'make it darker and more dramatic',
      'white sneakers on a rock by the sea, dark moody atmosphere, low-key lighting, deep shadows, cinematic dramatic lighting, high contrast, rich shadows',
    ],
    [p, 'use natural light', 'white sneakers on a rock by the sea, natural light'],
    [p, 'in the style of Wes Anderson', 'white sneakers on a rock by the sea, soft daylight, in the style of Wes Anderson'],
    ['a modern lamp, sleek styling', 'make it retro', 'a modern lamp, vintage retro look, warm faded film tones, subtle grain'],
    // camera
    ['a sofa in a living room', 'closer', 'a sofa in a living room, close-up shot, the product fills the frame'],
    ['a sofa in a living room', 'show it from above', 'a sofa in a living room, overhead flat-lay view'],
    [p, 'make it a flat lay', 'white sneakers on a rock by the sea, soft daylight, overhead flat-lay view'],
    ['a watch, close-up shot', 'zoom out', 'a watch, wide shot showing the whole scene'],
    // compound requests
    [
      'a sofa in a living room',
      'add a cat and make it night',
      'a sofa in a living room at night, with a cat, moody night lighting with warm glowing highlights',
    ],
    [
      p,
      'add reflections and make it moody',
      'white sneakers on a rock by the sea, with reflections, dark moody atmosphere, low-key lighting, deep shadows',
    ],
    ['a mug on a desk', 'make it blue, then put it on a beach', 'a blue mug on a beach'],
    // anything else becomes a clause
    ['a sofa in a living room', 'the sofa should float in the air', 'a sofa in a living room, the sofa should float in the air'],
    ['a sofa in a living room', 'make it look like a magazine cover', 'a sofa in a living room, styled like a magazine cover'],
    ['a sofa in a living room', 'make it sparkle', 'a sofa in a living room, sparkle style'],
    ['a sofa in a living room', 'Could you please add more depth?', 'a sofa in a living room, more depth'],
  ])('%j + %j', (prompt, goal, expected) => {
    expect(rewritePrompt(prompt, goal)).toBe(expected);
  });

  const goals = [
    'make it more X-treme',
    'make it night',
    'add a dog',
    'remove the table',
    'change the background to a kitchen',
    'use a red colour scheme',
    'make it minimal',
    'make it summer',
    'zzz',
    'closer',
    'replace the mug with a cup',
  ];
  const prompts = ['a mug on a table', 'red sneakers', 'a woman in a garden, soft daylight, 85mm lens', 'a cup'];
  it.each(prompts.flatMap((prompt) => goals.map((goal) => [prompt, goal] as const)))('%j + %j differs from the prompt', (prompt, goal) => {
    const result = rewritePrompt(prompt, goal);
    expect(result).not.toBe(prompt);
    expect(result.trim()).not.toBe('');
    expect(result).not.toMatch(/,\s*,|^\s*,|,\s*$|\s{2}/);
    expect(rewritePrompt(prompt, goal)).toBe(result);
  });

  it('fixes articles around swapped words', () => {
    expect(rewritePrompt('a mug on a table', 'replace the mug with an umbrella')).toBe('an umbrella on a table');
    expect(rewritePrompt('an apple on a table', 'replace the apple with pear')).toBe('a pear on a table');
  });
});

describe('rewrite (video): subjects stay short', () => {
  it.each([
    ['red sneaker', 'make it blue', 'blue sneaker'],
    ['blue running shoe', 'make it red', 'red running shoe'],
    ['red sneaker', 'make it golden', 'golden sneaker'],
    ['sneaker', 'change it to a cat', 'cat'],
    ['puppy', 'make it a kitten', 'kitten'],
    ['woman', 'change her to a man', 'man'],
    ['sneaker', 'use a boot instead', 'boot'],
    ['man', 'add a hat', 'man with hat'],
    ['cake', 'add candles', 'cake with candles'],
    ['red sneaker', 'remove red', 'sneaker'],
    ['cake', 'remove the candles', 'cake without candles'],
    ['puppy', 'make it bigger', 'big puppy'],
    ['woman', 'make her older', 'old woman'],
    ['person', 'more muscular', 'muscular person'],
    ['cake', 'something with chocolate', 'chocolate cake'],
    ['a photo of my dog running on the beach', 'make it a cat', 'cat'],
  ])('%j + %j → %j', (subject, goal, expected) => {
    const result = rewriteSubject(subject, goal);
    expect(result).toBe(expected);
    expect(words(result)).toBeLessThanOrEqual(3);
  });

  it.each(['make it fly', 'zzz', 'make it a very big fluffy white cat with a hat', 'add a big red balloon and a party hat'])(
    '%j keeps the subject within three words and changes it',
    (goal) => {
      const result = rewriteSubject('sneaker', goal);
      expect(words(result)).toBeLessThanOrEqual(3);
      expect(result).not.toBe('sneaker');
    },
  );
});

describe('rule-based prompt helper', () => {
  const helper = createRuleBasedPromptHelper();

  it('is the local helper', () => {
    expect(helper.name).toBe('local');
  });

  it('enhances images and video subjects', async () => {
    expect(await helper.enhance('a gold ring', image())).toBe(enhancePrompt('a gold ring'));
    expect(await helper.enhance('a photo of my cute little puppy playing in the park', video())).toBe('puppy');
  });

  it('rewrites images and video subjects', async () => {
    expect(await helper.rewrite('a mug on a desk', 'make it night', image())).toBe(rewritePrompt('a mug on a desk', 'make it night'));
    expect(await helper.rewrite('red sneaker', 'make it blue', video())).toBe('blue sneaker');
  });

  it('refuses an empty prompt or change', async () => {
    await expect(helper.enhance('  ', image())).rejects.toThrow('Failed to enhance prompt');
    await expect(helper.rewrite('a mug', '   ', image())).rejects.toThrow('Describe the change you want');
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(helper.enhance('a mug', { signal: controller.signal, kind: 'image' })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(helper.rewrite('a mug', 'make it red', { signal: controller.signal, kind: 'image' })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('on-brand (a brand kit chosen)', () => {
  const brand = {
    voice: 'Warm, playful and honest. Never pushy.',
    avoidWords: [],
    colours: [
      { name: 'Navy', hex: '#1A2B3C' },
      { name: 'Coral', hex: '#FF7F50' },
      { name: 'Sand', hex: '#E8D8C0' },
    ],
  };
  const helper = createRuleBasedPromptHelper();

  it("adds the voice's moods and the palette to an image prompt once, however often it is enhanced", async () => {
    const once = await helper.enhance('ceramic mug on a table', { ...image(), brand });
    expect(once).toContain('warm, playful, honest mood');
    expect(once).toContain('brand colours navy, coral and sand');
    expect(once.startsWith('ceramic mug on a table')).toBe(true);
    expect(await helper.enhance(once, { ...image(), brand })).toBe(once);
  });

  it('keeps the brand in a rewrite, and leaves prompts without a kit as they were', async () => {
    const rewritten = await helper.rewrite('ceramic mug on a table', 'make it night', { ...image(), brand });
    expect(rewritten).toContain('brand colours navy, coral and sand');
    expect(await helper.rewrite('ceramic mug on a table', 'make it night', image())).toBe(
      rewritePrompt('ceramic mug on a table', 'make it night'),
    );
    expect(await helper.enhance('ceramic mug', image())).toBe(enhancePrompt('ceramic mug'));
  });

  it('keeps a video subject to its few words', async () => {
    expect(await helper.enhance('mug', { ...video(), brand })).toBe(enhanceSubject('mug'));
  });
});
