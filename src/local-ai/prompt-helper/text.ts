// Text helpers

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Collapses whitespace and drops trailing sentence punctuation. */
export function normalise(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!]+$/, '')
    .trim();
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** A word or phrase as a regex, tolerant of a plural ending on the last word. */
export function phraseRegExp(phrase: string): RegExp {
  const words = phrase.trim().split(/\s+/).map(escapeRegExp);
  const last = words.pop() ?? '';
  const stem = last.endsWith('ies') ? `${last.slice(0, -3)}(?:y|ies)` : last.replace(/(?:es|s)$/i, '');
  const lastSource = stem === last ? `${last}(?:s|es)?` : `${stem}(?:s|es|)`;
  return new RegExp(`\\b${[...words, lastSource].join('\\s+')}\\b`, 'i');
}

export function contains(text: string, phrase: string): boolean {
  return phraseRegExp(phrase).test(text);
}

export function splitClauses(text: string): string[] {
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
export function withArticle(phrase: string): string {
  const text = phrase.trim();
  if (determiners.test(text) || isPlural(text) || massNouns.test(text) || /^\p{Lu}/u.test(text)) return text;
  return `${article(text)} ${text}`;
}

export function stripArticle(phrase: string): string {
  return phrase.replace(/^(?:a|an|the|some|any|all(?:\s+the)?|those|these|that|this)\s+/i, '').trim();
}

/** Spaces, commas, dangling connectors, duplicate clauses, articles. */
export function tidy(text: string): string {
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

export function same(a: string, b: string): boolean {
  return normalise(a).toLowerCase() === normalise(b).toLowerCase();
}
