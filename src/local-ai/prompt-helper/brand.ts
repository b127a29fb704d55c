// On-brand prompts: the kit's voice as a mood and its palette as colours, added once.

import { voiceMoods, type BrandVoice } from '#contracts/brand-voice.ts';
import { tidy } from './text.ts';

/** The clauses a brand adds to an image prompt: its mood and its palette (none for a kit with neither). */
export function brandClauses(brand: BrandVoice): string[] {
  const clauses: string[] = [];
  const moods = voiceMoods(brand.voice);
  if (moods.length > 0) clauses.push(`${moods.join(', ')} mood`);
  const names = brand.colours.slice(0, 4).map((c) => c.name.toLowerCase());
  if (names.length > 0)
    clauses.push(`brand colours ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`);
  return clauses;
}

/** The prompt with the brand's clauses it does not have yet (so enhancing twice adds nothing). */
export function onBrand(prompt: string, brand: BrandVoice | undefined): string {
  if (!brand) return prompt;
  const missing = brandClauses(brand).filter((clause) => !prompt.toLowerCase().includes(clause));
  return missing.length === 0 ? prompt : tidy([prompt, ...missing].join(', '));
}
