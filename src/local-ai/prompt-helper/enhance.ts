// Enhance (image)

import { normalise, wordCount, phraseRegExp, contains, splitClauses, tidy } from './text.ts';
import { artStyleWords, lensWords, lightingWords, styleWords } from './vocabulary-aspects.ts';
import type { Category } from './vocabulary-categories.ts';
import { categories, defaultCategory } from './vocabulary-categories.ts';
import { outdoorNouns, settingPhrase, settingWordsAnywhere } from './vocabulary-settings.ts';

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
