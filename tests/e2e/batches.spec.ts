import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { uploadMessages } from '#contracts/uploads.ts';
import { signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { badgeCredits, creditBadge, pngUpload } from './image-studio-helpers.ts';
import { downloadBy, screenshot375AndDesktop } from './journey-helpers.ts';

const PROMPT = 'on a marble counter beside fresh lemons, soft morning light';
const NAME = 'Spring catalogue e2e';

/** A PNG whose header is intact but whose pixel data stops half way: the server cannot decode it. */
async function truncatedPng(name: string) {
  const whole = await sharp({
    create: {
      width: 200,
      height: 200,
      channels: 3,
      background: { r: 10, g: 120, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer: whole.subarray(0, Math.floor(whole.length / 2)) };
}

// Every image comes from the built-in local renderer (no provider key in the e2e server).
test.describe('batch generation', () => {
  test('5 photos dropped (1 broken) → 4 uploaded → live progress → Download all as a ZIP → on the dashboard', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await signUpInBrowser(page, baseURL!, uniqueEmail('batch'));
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('link', { name: /Batch generation/ })
      .click();
    await expect(page).toHaveURL(/\/create\/batch$/);
    await expect(page).toHaveTitle('Batch generation — Klipt');
    const before = await badgeCredits(page);

    const editor = page.getByRole('radio', { name: /Klipt AI Editor/ });
    await editor.check();
    await expect(editor).toBeChecked();

    // Five files at once; the broken one, third, is refused by the server with its own message.
    await page
      .getByLabel('Product photos files', { exact: true })
      .setInputFiles([
        await pngUpload('red-sneaker.png', 400, 600, { r: 200, g: 40, b: 60 }),
        await pngUpload('blue-bottle.png', 500, 500, { r: 30, g: 80, b: 200 }),
        await truncatedPng('broken.png'),
        await pngUpload('green-mug.png', 640, 480, { r: 40, g: 160, b: 80 }),
        await pngUpload('amber-candle.png', 300, 420, { r: 230, g: 150, b: 30 }),
      ]);
    const photos = page.getByRole('list', { name: 'Product photos' }).getByRole('listitem');
    await expect(photos).toHaveCount(5);
    const tile = (name: string) => photos.filter({ has: page.getByRole('button', { name: `Remove ${name}` }) });
    await expect(tile('broken.png')).toContainText(uploadMessages.damaged, { timeout: 30_000 });
    for (const name of ['red-sneaker.png', 'blue-bottle.png', 'green-mug.png', 'amber-candle.png']) {
      await expect(tile(name)).toContainText('Uploaded', { timeout: 30_000 });
    }
    await expect(page.getByText('4 of 50 photos · 1 not uploaded')).toBeVisible();
    await expect(page.getByText('4 images — 4 credits')).toBeVisible();

    await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
    await page.getByRole('textbox', { name: 'Batch name' }).fill(NAME);
    await expectNoSeriousA11yViolations(page, 'the batch page with photos added');
    await screenshot375AndDesktop(page, 'batch-create');

    await page.getByRole('button', { name: 'Start batch' }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle(`${NAME} — Klipt`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    const progress = page.getByRole('progressbar', { name: 'Batch progress' });
    await expect(progress).toBeVisible();
    // The whole cost is taken when the batch starts.
    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${before - 4} credits available`);

    // Live: the page follows the batch without a reload until every photo is done.
    const items = page.getByRole('list', { name: 'Batch photos' }).getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
    await expect(page.getByText('4 of 4 finished')).toBeVisible();
    await expect(page.getByText('Finished', { exact: true })).toBeVisible();
    await expect(items.getByText('Done', { exact: true })).toHaveCount(4);
    // Nothing is left to cancel once every photo is done.
    await expect(page.getByRole('button', { name: 'Cancel batch' })).toHaveCount(0);
    for (const name of ['red-sneaker.png', 'blue-bottle.png', 'green-mug.png', 'amber-candle.png']) {
      await expect(items.getByRole('img', { name: `${name}, generated` })).toBeVisible();
    }
    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${before - 4} credits available`);
    await expectNoSeriousA11yViolations(page, 'the finished batch page');
    await screenshot375AndDesktop(page, 'batch-finished');

    // Download all: a ZIP of the 4 images, named after the batch and, inside, after each product photo.
    const zip = await downloadBy(page, page.getByRole('link', { name: 'Download all' }));
    expect(zip.name).toBe('spring-catalogue-e2e.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    const names = Object.keys(entries).sort();
    expect(names).toHaveLength(4);
    const stems = ['01-red-sneaker', '02-blue-bottle', '03-green-mug', '04-amber-candle'];
    for (const [i, stem] of stems.entries()) expect(names[i]).toMatch(new RegExp(`^${stem}\\.(png|jpe?g|webp)$`));
    for (const name of names) {
      const { info } = await sharp(Buffer.from(entries[name]!)).raw().toBuffer({ resolveWithObject: true });
      expect(info.width, `${name} decodes`).toBeGreaterThan(0);
      expect(info.height, `${name} decodes`).toBeGreaterThan(0);
    }

    // The batch is listed on the dashboard, finished.
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    const batches = page.getByRole('region', { name: 'Batches' });
    const row = batches.getByRole('link', { name: new RegExp(NAME) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('4/4 done');
    await expect(row).toContainText('Finished');
  });
});
