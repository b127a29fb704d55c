// Rewrite (image): colour

import { phraseRegExp, splitClauses, stripArticle } from './text.ts';
import { categories } from './vocabulary-categories.ts';
import { colourInText, colourPhraseSource } from './vocabulary-colours.ts';

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

export function applyColourScheme(prompt: string, goal: string): string | undefined {
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

export const objectColourGoal = new RegExp(
  `^(?:make|turn|change|paint|colou?r|recolou?r|dye|switch)\\s+(?:the\\s+)?(.+?)\\s+(?:to\\s+|into\\s+)?(?:be\\s+)?(?:colou?red\\s+)?(${colourPhraseSource})(?:\\s+(?:instead|colou?r(?:ed)?))?$`,
  'i',
);
const colourOfGoal = new RegExp(
  `^(?:change|set|switch|make|turn)\\s+(?:the\\s+)?(?:main\\s+)?colou?r\\s+(?:of\\s+(?:the\\s+)?(.+?)\\s+)?(?:to|into|be)\\s+(${colourPhraseSource})$`,
  'i',
);
export const plainColourGoal = new RegExp(
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

export function applyObjectColour(prompt: string, goal: string): string | undefined {
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
