import { describe, expect, it } from 'vitest';
import { parsePromptCues } from './prompt-cues.ts';

describe('parsePromptCues', () => {
  it('reads colour, product and setting from a typical prompt', () => {
    const cues = parsePromptCues('red sneaker on a beach at sunset');
    expect(cues.productColour).toBe('red');
    expect(cues.colours).toEqual(['red']);
    expect(cues.object).toBe('sneaker');
    expect(cues.place).toBe('beach');
    expect(cues.time).toBe('sunset');
    expect(cues.settings).toEqual(['beach', 'sunset']);
    expect(cues.moods).toEqual([]);
  });

  it('prefers the more specific product and separates scene colours from product colours', () => {
    const cues = parsePromptCues('Luxury perfume bottle on white marble, gold accents');
    expect(cues.object).toBe('perfume');
    expect(cues.productColour).toBeNull();
    expect(cues.sceneColours).toEqual(['white', 'gold']);
    expect(cues.materials).toEqual(['marble']);
    expect(cues.moods).toEqual(['luxury']);
  });

  it('understands plurals, synonyms and two-word phrases', () => {
    const cues = parsePromptCues('Crimson trainers on a rooftop during golden hour, vibrant');
    expect(cues.object).toBe('sneaker');
    expect(cues.productColour).toBe('red');
    expect(cues.place).toBe('city');
    expect(cues.time).toBe('sunset');
    expect(cues.colours).not.toContain('gold');
    expect(cues.moods).toEqual(['bold']);
  });

  it('treats snow as weather when the prompt also names a place', () => {
    expect(parsePromptCues('snowy mountains at night').place).toBe('mountain');
    expect(parsePromptCues('a candle in the snow').place).toBe('snow');
  });

  it('ignores negated words', () => {
    const cues = parsePromptCues('teal studio backdrop, no people, without red');
    expect(cues.colours).toEqual(['teal']);
    expect(cues.place).toBe('studio');
    expect(cues.object).toBeNull();
  });

  it('collects moods, materials and the podium cue', () => {
    const cues = parsePromptCues('minimal cozy candle on a wooden podium, neon glow, pastel');
    expect(cues.moods).toEqual(['minimal', 'cozy']);
    expect(cues.materials).toEqual(['wood', 'neon']);
    expect(cues.podium).toBe(true);
    expect(cues.pastel).toBe(true);
    expect(cues.object).toBe('candle');
  });

  it('gives prompts without cues a stable hash that ignores case and punctuation', () => {
    const a = parsePromptCues('A quiet sense of wonder!');
    expect(a.object).toBeNull();
    expect(a.place).toBeNull();
    expect(a.colours).toEqual([]);
    expect(parsePromptCues('a quiet   sense of WONDER').hash).toBe(a.hash);
    expect(parsePromptCues('a loud sense of wonder').hash).not.toBe(a.hash);
  });
});
