// On-brand prompts: the kit's voice as a mood and its palette as colours, added once.

import { brandClauses, missingBrandClauses, type BrandVoice } from '#contracts/brand-voice.ts';
import { tidy } from './text.ts';

/** The prompt with the brand's clauses it does not have yet (so enhancing twice adds nothing). */
export function onBrand(prompt: string, brand: BrandVoice | undefined): string {
  if (!brand) return prompt;
  const missing = missingBrandClauses(prompt, brandClauses(brand));
  return missing.length === 0 ? prompt : tidy([prompt, ...missing].join(', '));
}
