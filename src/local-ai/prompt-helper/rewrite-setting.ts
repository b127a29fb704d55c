// Rewrite (image): setting

import { contains, splitClauses, stripArticle, withArticle } from './text.ts';
import { colourPhrase } from './vocabulary-colours.ts';
import { backgroundPhrase, settingPhrase, surfaceNouns } from './vocabulary-settings.ts';

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

export function applySetting(prompt: string, goal: string): string | undefined {
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
