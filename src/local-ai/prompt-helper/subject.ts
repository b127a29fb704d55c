// Subjects (video)

import { normalise } from './text.ts';

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

export function subjectWords(text: string): string[] {
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
