import type { Page } from '@playwright/test';
import { APP_READY_EVENT } from '#web/app/app-ready-event.ts';
import { expect, expectNoSeriousA11yViolations, hasNoHorizontalOverflow, screenshot, test, viewports } from './fixtures.ts';

const BANNER = 'Limited Beta - Join the waitlist, new spots open weekly';
const STICKY = 'Tired of boring product photos?';

/** Marks `<html data-test-app-ready>` once the app says it has hydrated the page. */
async function trackAppReady(page: Page): Promise<void> {
  await page.addInitScript((event) => {
    addEventListener(event, () => document.documentElement.setAttribute('data-test-app-ready', ''));
  }, APP_READY_EVENT);
}

/**
 * Holds back the script at `url` (the app's entry, or the landing page's code) until `release()`:
 * the moments before the app starts, and while it hydrates, that a visitor's early clicks used to
 * be lost in.
 */
async function holdScript(page: Page, url: string): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let onRequest!: () => void;
  const requested = new Promise<void>((resolve) => (onRequest = resolve));
  await page.route(url, async (route) => {
    onRequest();
    await released;
    await route.continue();
  });
  return { requested, release };
}
const APP_ENTRY = '**/assets/index-*.js';
const LANDING_CODE = '**/assets/landing-page-*.js';

const pricingLink = (page: Page) =>
  page.getByRole('heading', { name: 'Starts at $29/month' }).locator('xpath=ancestor::section[1]').getByRole('link').first();

test.describe('landing page', () => {
  test('shows every section of the spec and its sample klips play', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Stop Scrolling\.\s*Start Selling\./);
    for (const heading of [
      'What Can You Make',
      'Faster. Cheaper. Better.',
      'Why AI Crushes Traditional Shoots',
      'How It Works',
      'Starts at $29/month',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    for (const item of [
      'Social ads',
      'PDP videos',
      'Lifestyle shots',
      'AI-generated models',
      '4MP Output',
      '2.5x Faster',
      'Fresh Content',
      'Just Results',
      'Sync Shopify',
      'Generate Variations',
      'Add Models',
      'Animate Everything',
    ]) {
      await expect(page.getByText(item, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(/BFCM/).first()).toBeVisible();

    const videos = page.locator('video');
    await expect(videos).toHaveCount(3);
    // Muted, looping and playing on their own once on screen.
    await expect
      .poll(() => videos.evaluateAll((els) => (els as HTMLVideoElement[]).filter((v) => v.muted && v.loop && !v.paused).length))
      .toBe(3);
    await expect.poll(() => videos.first().evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
    await screenshot(page, 'landing-desktop');
    await expectNoSeriousA11yViolations(page, 'the landing page');
  });

  test('arrives prerendered: the page reads whole without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Stop Scrolling\.\s*Start Selling\./);
    await expect(page.getByRole('heading', { name: 'Starts at $29/month' })).toBeVisible();
    await expect(page.getByText(BANNER)).toBeVisible();
    await context.close();
  });

  test('the beta banner can be dismissed and stays dismissed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(page.getByText(BANNER)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(BANNER)).toBeHidden();
  });

  test('the sticky bar appears after scrolling past 400px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(STICKY)).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByText(STICKY)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the landing page with its sticky bar');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByText(STICKY)).toBeHidden();
  });

  test('what a visitor does before the app has started is kept: the scroll, and the button clicked', async ({ page }) => {
    await trackAppReady(page);
    const entry = await holdScript(page, APP_ENTRY);
    await page.goto('/');
    await entry.requested;
    await page.getByRole('button', { name: 'Dismiss announcement' }).click();
    await page.evaluate(() => window.scrollTo(0, 600));
    entry.release();
    await expect(page.locator('html[data-test-app-ready]')).toBeAttached();
    await expect(page.getByText(BANNER)).toBeHidden();
    await expect(page.getByText(STICKY)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  });

  test('a link clicked while the app starts is left to the browser: the app never sees the click', async ({ page }) => {
    const landingCode = await holdScript(page, LANDING_CODE);
    await page.goto('/');
    await landingCode.requested;
    // React listens on #root; a click it took mid-hydration could go nowhere.
    await page.evaluate(() => {
      document.getElementById('root')!.addEventListener('click', () => sessionStorage.setItem('app-saw-click', 'yes'), true);
    });
    await pricingLink(page).click();
    await expect(page).toHaveURL('/waitlist?plan=starter');
    landingCode.release();
    await expect(page.getByLabel('Which plan are you considering?')).toHaveValue('starter');
    expect(await page.evaluate(() => sessionStorage.getItem('app-saw-click'))).toBeNull();
  });

  test('navigation leads to the waitlist and to sign-in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join the Waitlist' }).click();
    await expect(page).toHaveURL('/waitlist');
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await expect(page).toHaveURL('/auth/login');
  });

  test('the pricing call to action preselects the Starter plan on the waitlist', async ({ page }) => {
    await trackAppReady(page);
    await page.goto('/');
    await expect(page.locator('html[data-test-app-ready]')).toBeAttached();
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await pricingLink(page).click();
    await expect(page).toHaveURL('/waitlist?plan=starter');
    await expect(page.getByLabel('Which plan are you considering?')).toHaveValue('starter');
    // Once the app runs, the click is the app's: no page load.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('unknown paths go to the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('fits a 360px phone screen', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'landing-phone');
  });
});
