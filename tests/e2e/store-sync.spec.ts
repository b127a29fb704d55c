import { DEMO_STORE_NAME } from '#contracts/stores.ts';
import { signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { expectImageLoaded, screenshot375AndDesktop, subscribeToGrowth } from './journey-helpers.ts';

const PICKED = ['Stoneware Mug — Sage', 'Glass Water Bottle 600 ml', 'Amber & Cedar Scented Candle'] as const;
const PICKED_HANDLES = ['stoneware-mug', 'glass-water-bottle', 'amber-scented-candle'] as const;
const PROMPT = 'on a marble counter beside fresh lemons, soft morning light';

// Issue 29 on the built-in demo store (the e2e server has no Shopify app): connect → import →
// a batch of 3 from the store → publish the 3 back → the demo store's product pages show them.
test.describe('store sync', () => {
  test('a Growth seller connects the demo store, batches 3 of its products, publishes all 3 back and sees them on the product pages', async ({
    page,
    baseURL,
  }) => {
    test.info().setTimeout(300_000);
    await signUpInBrowser(page, baseURL!, uniqueEmail('store'));
    await subscribeToGrowth(page);

    // 1. From the account menu to the Store page: nothing connected, the demo offered.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Store' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the store page before connecting');
    await screenshot375AndDesktop(page, 'store-connect');

    // 2. The demo store: connected, its catalogue imported into product photos.
    await page.getByRole('button', { name: 'Try the demo store' }).click();
    await expect(page.getByText(DEMO_STORE_NAME).first()).toBeVisible();
    await expect(page.getByText('Demo store', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Last synced/)).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText(/^13 products/).first()).toBeVisible();
    const grid = page.getByRole('list', { name: 'Products' });
    await expect(grid.getByRole('listitem')).toHaveCount(13);
    await expectImageLoaded(grid.locator('img').first());
    await expectNoSeriousA11yViolations(page, 'the store page with the demo store');
    await screenshot375AndDesktop(page, 'store-demo-connected');

    // 3. A batch of three products picked from the store.
    await page.goto('/create/batch');
    await page.getByRole('radio', { name: /Klipt AI Editor/ }).check();
    await page.getByRole('button', { name: 'From your store' }).click();
    const picker = page.getByRole('dialog', { name: 'Add products from your store' });
    for (const title of PICKED) await picker.getByRole('button', { name: new RegExp(title) }).click();
    await expect(picker.getByText('3 of 50 selected')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the store product picker');
    await picker.getByRole('button', { name: 'Add 3 products' }).click();
    await expect(picker).toBeHidden();
    for (const title of PICKED) await expect(page.getByText(title).first()).toBeVisible();
    await expect(page.getByText('3 images — 3 credits')).toBeVisible();
    await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
    await page.getByRole('textbox', { name: 'Batch name' }).fill('Store picks');
    await screenshot375AndDesktop(page, 'store-batch-create');
    await page.getByRole('button', { name: 'Start batch' }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
    await expect(page.getByText('3 of 3 finished')).toBeVisible({ timeout: 120_000 });
    for (const title of PICKED) await expect(page.getByText(`Product: ${title}`)).toBeVisible();

    // 4. Publish all: each finished image onto its own product, each shown as published.
    await page.getByRole('button', { name: 'Publish all to store' }).click();
    await expect(page.getByText('Published', { exact: true })).toHaveCount(3, { timeout: 60_000 });
    await expectNoSeriousA11yViolations(page, 'the batch page after publishing');
    await screenshot375AndDesktop(page, 'store-batch-published');

    // 5. The demo store's product pages show the new media, marked as added by Klipt.
    for (const handle of PICKED_HANDLES) {
      await page.goto(`/store/demo/products/${handle}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const added = page.getByText('Added by Klipt');
      await expect(added).toHaveCount(1);
    }
    await expectImageLoaded(page.getByRole('img').first());
    await expectNoSeriousA11yViolations(page, 'a demo storefront product page');
    await screenshot375AndDesktop(page, 'store-demo-product-page');
  });
});
