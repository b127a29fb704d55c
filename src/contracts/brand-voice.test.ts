import { describe, expect, it } from 'vitest';
import { voiceMoods, withoutAvoidedWords } from './brand-voice.ts';

describe('words to avoid', () => {
  it('removes each whole word or phrase in any letter case, and tidies what it leaves', () => {
    expect(withoutAvoidedWords('A Cheap mug, cheap and cheerful, best ever deal', ['cheap', 'best ever'])).toBe(
      'A mug, and cheerful, deal',
    );
  });

  it('keeps longer words that contain one (cheaper is not cheap) and works beyond ASCII', () => {
    expect(withoutAvoidedWords('cheaper than a günstig mug, Günstig!', ['cheap', 'günstig'])).toBe('cheaper than a mug!');
  });

  it('treats the words as text, not as patterns', () => {
    expect(withoutAvoidedWords('a 100% (cotton) shirt', ['100%', '(cotton)'])).toBe('a shirt');
    expect(withoutAvoidedWords('a.b shirt', ['.'])).toBe('a.b shirt');
  });

  it('leaves the text alone without words to avoid', () => {
    expect(withoutAvoidedWords('  as  typed ', [])).toBe('  as  typed ');
  });
});

describe('a voice as moods', () => {
  it('takes the short positive clauses, at most three, and skips the negative ones', () => {
    expect(voiceMoods('Warm, playful and honest. Never pushy. Calm')).toEqual(['warm', 'playful', 'honest']);
    expect(voiceMoods('No jargon; quietly confident')).toEqual(['quietly confident']);
  });

  it('has none for no voice or only long sentences', () => {
    expect(voiceMoods(null)).toEqual([]);
    expect(voiceMoods('We speak to busy parents who want things that simply work')).toEqual([]);
  });
});
