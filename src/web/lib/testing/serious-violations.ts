import axe from 'axe-core';
import { vi } from 'vitest';

/**
 * axe-core in jsdom with the rules of the browser journeys (docs/testing.md#accessibility): the
 * serious and critical violations on the page. jsdom lays nothing out, so contrast is left to the
 * browser journeys.
 */
export async function seriousViolations(): Promise<string[]> {
  // axe measures icon fonts on a canvas, which jsdom lacks (it would log 'Not implemented').
  const canvas = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  try {
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true }, 'color-contrast': { enabled: false } },
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    canvas.mockRestore();
  }
}
