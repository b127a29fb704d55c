import { test as base, expect, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export const dataDir = process.env['E2E_DATA_DIR']!;
export const outboxDir = path.join(dataDir, 'outbox');
export const screenshotDir = path.resolve('test-results', 'screenshots');

/**
 * Every browser test fails on a console error or an uncaught page error. Chromium also logs each
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

/** Full-page screenshots kept as artifacts under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** True when nothing overflows the viewport sideways (the page never scrolls horizontally). */
export async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
