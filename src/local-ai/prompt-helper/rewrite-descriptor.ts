// Rewrite (image): descriptor requests ("make it night", "more minimal", "closer").

import { applyObjectColour } from './rewrite-colour.ts';
import { applyLooks, findLook } from './rewrite-looks.ts';
import { colourPhrase } from './vocabulary-colours.ts';

const makeItPrefix =
  /^(?:(?:make|turn|change|set|switch|render|give|go|keep|show|let|do|shoot|photograph)\s+)?(?:it|this|everything|them|her|him|the\s+(?:image|photo|picture|scene|shot|mood|look|style|vibe|lighting|light|atmosphere|feel|whole thing|product|subject))?\s*(?:(?:to|into|look|feel|seem|be|at|in|during|a|an|as|like|with)\s+)*(?:(?:bit|little|lot|much|way|even|slightly|somewhat|very|really|super|tad|touch|more|much more)\s+)*/i;
const descriptorSuffix =
  /\s+(?:style|styled|look|looking|feel|feeling|vibe|vibes|mood|version|aesthetic|theme|themed|inspired|time|shot|scene|setting|atmosphere|lighting|light|photo|photography|one|please)$/i;

/** "make it a bit more minimal" → "minimal"; undefined when the goal is not of that form. */
export function descriptorOf(goal: string): { text: string; more: boolean } | undefined {
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

export function applyDescriptor(prompt: string, goal: string): string | undefined {
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
