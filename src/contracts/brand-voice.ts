/**
 * What a brand kit tells the prompt helpers (docs/product-rules.md#brand-kits): Enhance and Rewrite
 * write in the voice, lean on the palette, and never leave a word to avoid in what they return.
 */
export interface BrandVoice {
  /** How the brand speaks, in the seller's words ("Warm, playful, honest. Never pushy."), or null. */
  voice: string | null;
  /** Words and phrases a prompt must not contain (matched whole, ignoring case). */
  avoidWords: readonly string[];
  /** The kit's named colours. */
  colours: readonly { name: string; hex: string }[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text without any word to avoid: each is matched as a whole word or phrase in any letter case
 * (so "cheap" goes, "cheaper" and "cheap-looking" stay), then the spaces and commas it leaves are tidied.
 */
export function withoutAvoidedWords(text: string, avoidWords: readonly string[]): string {
  const words = avoidWords.map((w) => w.trim()).filter(Boolean);
  if (words.length === 0) return text;
  // A hyphen or an apostrophe joins a longer word ("cheap-looking" is not "cheap").
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}'’-])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}'’-])`, 'giu');
  return text
    .replace(pattern, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/[,;:]+(?=[.!?])/g, '')
    .replace(/^[\s,;:]+|[\s,;:]+$/g, '')
    .trim();
}

/** A voice's describing words, for a prompt: its short positive clauses ("warm", "playful", "honest"), at most three. */
export function voiceMoods(voice: string | null): string[] {
  if (!voice) return [];
  return voice
    .split(/[,.;:!\n]|\band\b|\bbut\b/i)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '' && part.split(/\s+/).length <= 3 && !/^(?:never|no|not|don't|do not|avoid|without)\b/.test(part))
    .slice(0, 3);
}

/** The clauses a brand adds to an image or video prompt: its mood and its palette (none for a kit with neither). */
export function brandClauses(brand: BrandVoice): string[] {
  const clauses: string[] = [];
  const moods = voiceMoods(brand.voice);
  if (moods.length > 0) clauses.push(`${moods.join(', ')} mood`);
  const names = brand.colours.slice(0, 4).map((c) => c.name.toLowerCase());
  if (names.length > 0)
    clauses.push(`brand colours ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`);
  return clauses;
}

/** The brand's clauses the prompt does not have yet (so enhancing twice, or generating an enhanced prompt, adds nothing). */
export function missingBrandClauses(prompt: string, clauses: readonly string[]): string[] {
  const lower = prompt.toLowerCase();
  return clauses.filter((clause) => !lower.includes(clause));
}
