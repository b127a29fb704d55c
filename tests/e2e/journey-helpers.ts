import type { Download, Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { IMAGE_COST } from '#contracts/generation.ts';
import { expect, hasNoHorizontalOverflow, screenshot, viewports } from './fixtures.ts';
import { imageStudioTexts } from '#web/features/image-studio/texts.ts';

/** The smallest phone the issue 15 screens are checked at. */
export const phone375 = { width: 375, height: 812 } as const;

/** The editor's Generate as it reads for `count` variations ('Generate 4 — 4 credits'), or while generating. */
export const generateVariationsButton = (page: Page, count: number) =>
  page.getByRole('button', { name: new RegExp(`^(${imageStudioTexts.generateLabel(count, count * IMAGE_COST)}|Generating\\.\\.\\.)$`) });

/**
 * Full-page screenshots at 375 px and desktop width from the top of the page (the sticky header
 * would otherwise be drawn where the page was scrolled to); the phone layout must not scroll sideways.
 */
export async function screenshot375AndDesktop(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['375', phone375],
    ['desktop', viewports.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    if (size === '375') expect(await hasNoHorizontalOverflow(page), `${name} overflows a 375px screen`).toBe(true);
    await screenshot(page, `${name}-${size}`);
  }
}

/** Clicks what starts a download and returns the saved file's name and bytes. */
export async function downloadBy(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), trigger.click()]);
  const failure = await download.failure();
  expect(failure, `download of ${download.suggestedFilename()} failed`).toBeNull();
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** Waits until an <img> has really loaded (complete, with pixels). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

/** A klip picture that loaded from a sized WebP copy (its srcset's choice), not from the original file. */
export async function expectRendition(image: Locator): Promise<void> {
  await expectImageLoaded(image);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/api\/klips\/[0-9a-f-]{36}\/renditions\/(320|640|960|1280)\?v=/,
  );
}

/** Growth for the signed-in seller's personal workspace, through the sandbox checkout. */
export async function subscribeToGrowth(page: Page): Promise<void> {
  await page.goto('/buy-credits');
  await page.getByTestId('plan-growth').getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('button', { name: 'Pay $99.00 (test)' }).click();
  await expect(page).toHaveURL(/\/dashboard\?session_id=sbx_cs_/);
  await expect(page.getByTestId('checkout-notice')).toContainText('Your balance is now');
}
