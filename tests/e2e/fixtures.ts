import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as AxeCore from 'axe-core';
import path from 'node:path';

export const dataDir = process.env['E2E_DATA_DIR']!;
export const outboxDir = path.join(dataDir, 'outbox');
export const screenshotDir = path.resolve('test-results', 'screenshots');

/**
 * Every browser test fails on a console error, an uncaught page error or a CSP violation. Chromium also logs each
 * 4xx answer of the API as an error; those are expected answers (a duplicate email, a wrong
 * password), shown to the user by the page, so only they are let through.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const expectedApiAnswer =
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()) && msg.location().url.includes('/api/');
        if (!expectedApiAnswer) errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      // A CSP violation is an error too, even one the page's code caught (zod's eval probe was one).
      await page.addInitScript(() => {
        addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} (${event.blockedURI || 'inline'})`),
        );
      });
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const viewports = {
  phone: { width: 360, height: 800 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * A full-page capture of a tall page can take longer than a journey's action timeout on a loaded
 * 2-core machine (CI once took more than 20 s for God Mode's users list); the artifact gets its own budget.
 */
const SCREENSHOT_TIMEOUT_MS = 60_000;

/** Full-page screenshots kept as artifacts under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true, timeout: SCREENSHOT_TIMEOUT_MS });
}

/** True when nothing overflows the viewport sideways (the page never scrolls horizontally). */
export async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The accessibility bar (docs/testing.md#accessibility): WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const a11yTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;
/** axe marks label-in-name (WCAG 2.5.3) experimental, so a run by tags leaves it out: we turn it on. */
const a11yExtraRules = ['label-content-name-mismatch'] as const;
/** The widths every screen is checked at: the smallest phone we support and a laptop. */
export const a11yWidths = [360, 1280] as const;
const a11yCheckBudgetMs = 15_000;

/**
 * Runs axe-core on the page as it is now (dialogs open included) at 360 px and 1280 px width and
 * fails listing every serious or critical violation (rule, impact, elements). The viewport is put
 * back afterwards, so a journey goes on where it was. `exclude` leaves out markup that is not ours
 * (CSS selectors).
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, options: { exclude?: string[] } = {}): Promise<void> {
  // Each check brings its own time (two axe runs take 1–6 s on a busy machine), so a journey's
  // budget stays what it was before the checks were added.
  test.info().setTimeout(test.info().timeout + a11yCheckBudgetMs);
  const before = page.viewportSize();
  const found: string[] = [];
  for (const width of a11yWidths) {
    await page.setViewportSize({ width, height: 800 });
    for (const v of await seriousAxeViolations(page, options.exclude ?? [])) {
      found.push(`[${width}px] ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`);
    }
  }
  if (before) await page.setViewportSize(before);
  // Soft: the journey goes on, so one run lists the violations of every screen it visits.
  expect.soft(found, `serious or critical axe violations on ${label}`).toEqual([]);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface SeriousViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe.run in the page, axe injected once per document. @axe-core/playwright's AxeBuilder injected
 * axe anew on every run and combined its results in a blank page it opened for each one: about two
 * thirds of a check's time, for pages that have no frames to combine (ADR 0031).
 */
export async function seriousAxeViolations(page: Page, exclude: string[]): Promise<SeriousViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ excluded, tags, extraRules }) => {
      const axe = (window as unknown as { axe: typeof AxeCore }).axe;
      const results = await axe.run(excluded.length > 0 ? { exclude: excluded } : document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(extraRules.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact!,
          help: v.help,
          targets: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
        }));
    },
    { excluded: exclude, tags: [...a11yTags], extraRules: [...a11yExtraRules] },
  );
}
