// Rewrite (image): things removed, added or replaced.

import { applyDescriptor } from './rewrite-descriptor.ts';
import { contains, phraseRegExp, splitClauses, stripArticle, tidy, withArticle } from './text.ts';
import { lightingWords } from './vocabulary-aspects.ts';
import { colourPhrase } from './vocabulary-colours.ts';
import { notPreposition, prepositionSource } from './vocabulary-settings.ts';

// ---- remove

export const removeGoal =
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

export function applyRemove(prompt: string, goal: string): string | undefined {
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

export const addGoal =
  /^(?:add|include|insert|put in|bring in|throw in|also add|also include|with|plus|feature)\s+(.+?)(?:\s+(?:to|in|into|on)\s+(?:the\s+)?(?:scene|image|picture|photo|prompt|shot|frame|it))?$/i;

export function applyAdd(prompt: string, goal: string): string | undefined {
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

// ---- replace

const replaceGoals: Array<{ pattern: RegExp; order: 'old-new' | 'new-old' }> = [
  { pattern: /^(?:replace|swap|switch|substitute|exchange)\s+(?:the\s+)?(.+?)\s+(?:with|for|by|to)\s+(.+)$/i, order: 'old-new' },
  { pattern: /^(?:change|turn|convert|transform|make)\s+(?:the\s+)?(.+?)\s+(?:to|into)\s+(.+)$/i, order: 'old-new' },
  { pattern: /^(?:use|show|make it)\s+(.+?)\s+instead of\s+(.+)$/i, order: 'new-old' },
  { pattern: /^(.+?)\s+instead of\s+(.+)$/i, order: 'new-old' },
];

const moodNouns =
  /^(?:it|this|everything|lighting|light|mood|style|look|vibe|atmosphere|time|season|weather|feel|tone|colou?rs?|image|photo|picture|scene)$/i;

export function applyReplace(prompt: string, goal: string): string | undefined {
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
