import { describe, expect, it } from 'vitest';
import css from './styles.css?raw';

// The colour tokens of the design system, as src/web/styles.css defines them.
const tokens = new Map([...css.matchAll(/--color-([a-z]+-\d+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]));

function color(name: string): string {
  if (name === 'white') return '#ffffff';
  const hex = tokens.get(name);
  if (!hex) throw new Error(`no --color-${name} in styles.css`);
  return hex;
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(color(a)), luminance(color(b))].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Text colours and the surfaces they are used on (docs/testing.md#accessibility): each pair must
 * reach WCAG AA for body text, 4.5:1. A new text colour or surface joins this table.
 */
const textOnSurfaces: Record<string, string[]> = {
  'ink-400': ['white', 'ink-50', 'ink-100'],
  'ink-500': ['white', 'ink-50', 'ink-100'],
  'ink-600': ['white', 'ink-50', 'ink-100'],
  'ink-700': ['white', 'ink-50', 'ink-100'],
  'ink-800': ['white', 'ink-50', 'ink-100'],
  'ink-900': ['white', 'ink-50', 'ink-100'],
  'ink-950': ['white', 'ink-50', 'ink-100'],
  'brand-600': ['white', 'ink-50', 'brand-50', 'brand-100'],
  'brand-700': ['white', 'ink-50', 'brand-50', 'brand-100'],
  'brand-800': ['white', 'ink-50', 'brand-50', 'brand-100'],
  'danger-600': ['white', 'ink-50'],
  'danger-700': ['white', 'ink-50', 'danger-50'],
  // Buttons: white text on the brand fill.
  white: ['brand-600', 'brand-700', 'ink-900', 'ink-950'],
};

describe('design tokens', () => {
  const pairs = Object.entries(textOnSurfaces).flatMap(([text, surfaces]) => surfaces.map((surface) => [text, surface] as const));

  it.each(pairs)('%s text on %s reaches 4.5:1', (text, surface) => {
    expect(contrast(text, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('the ink scale darkens step by step', () => {
    const inks = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950].map((step) => luminance(color(`ink-${step}`)));
    for (let i = 1; i < inks.length; i++) expect(inks[i]!).toBeLessThan(inks[i - 1]!);
  });
});
