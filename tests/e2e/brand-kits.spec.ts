import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { promptBox, pngUpload } from './image-studio-helpers.ts';
import { downloadBy, expectImageLoaded, generateVariationsButton, screenshot375AndDesktop, subscribeToGrowth } from './journey-helpers.ts';

const KIT = 'Candle Co.';
const PROMPT = 'Hand-poured soy candle in an amber jar on a linen cloth';
const LOOK = 'Autumn catalogue look';
const LOOK_PROMPT = 'on a warm oak table by a window, soft morning light';
/** A real font that is not in the catalogue (Klipt ships it only as a fallback for Japanese). */
const UPLOADED_FONT = path.resolve('node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');

// Issue 27: a brand kit with an uploaded font and logo, then ads made from a klip in its look.
test.describe('brand kits', () => {
  test('a Growth seller uploads a font, makes a brand kit with colours, voice and a logo, turns a klip into ads in three sizes (ZIP), and runs a batch with a saved look whose ZIP holds a folder per size', async ({
    page,
    baseURL,
  }) => {
    test.info().setTimeout(240_000);
    await signUpInBrowser(page, baseURL!, uniqueEmail('brand-kit'));
    await subscribeToGrowth(page);

    // 1. From the account menu to an empty list.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Brand kits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Brand kits' })).toBeVisible();
    await expect(page.getByTestId('brand-kits-empty')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the empty brand kits list');

    // 2. A font of the seller's own (a 5 MB TTF), checked by the server and listed by the family it names.
    await page
      .getByLabel('Font file')
      .setInputFiles({ name: 'brand-sans.ttf', mimeType: 'font/ttf', buffer: await readFile(UPLOADED_FONT) });
    await expect(page.getByTestId('brand-fonts')).toContainText('Noto Sans JP');

    // 3. The kit: name, two colours, the uploaded font for headings, a voice and a word to avoid.
    await page.getByRole('link', { name: 'Create your first brand kit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New brand kit' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(KIT);
    for (const [i, name, hex] of [
      [1, 'Forest', '#1F4D3A'],
      [2, 'Wax', '#F4E9D8'],
    ] as const) {
      await page.getByRole('button', { name: 'Add colour' }).click();
      await page.getByLabel(`Name of colour ${i}`).fill(name);
      await page.getByLabel(`Hex code of colour ${i}`).fill(hex);
    }
    await page.getByRole('combobox', { name: 'Heading font' }).click();
    await page.getByRole('option', { name: 'Noto Sans JP' }).click();
    await page.getByRole('textbox', { name: 'Brand voice' }).fill('Warm, calm and honest. Never pushy.');
    await page.getByLabel('Words to avoid').fill('cheap');
    await page.getByLabel('Words to avoid').press('Enter');
    await expect(page.getByTestId('avoid-words')).toContainText('cheap');
    await page.getByRole('button', { name: 'Create brand kit' }).click();

    // 4. Saved, the kit opens for its logos; the light logo is uploaded and previewed.
    await expect(page.getByRole('heading', { level: 1, name: 'Edit brand kit' })).toBeVisible();
    await page.getByLabel('Light logo file').setInputFiles(await pngUpload('logo.png', 240, 120, { r: 31, g: 77, b: 58 }));
    await expect(page.getByRole('img', { name: 'Light logo on a light background' })).toBeVisible();
    await expect(page.getByTestId('ad-preview')).toContainText('Summer sale');
    await expectNoSeriousA11yViolations(page, 'the brand kit editor with a logo');
    await screenshot375AndDesktop(page, 'brand-kit-editor');

    // 5. The list shows it as the default, with its colours and fonts.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const card = page.getByTestId('brand-kit');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(KIT);
    await expect(card).toContainText('Default');
    await expect(card).toContainText('Noto Sans JP');
    await expectNoSeriousA11yViolations(page, 'the brand kits list');
    await screenshot375AndDesktop(page, 'brand-kits');

    // 6. A klip from the image studio (the local renderer), then Make ad from its card in My Klips.
    await page.goto('/create/image');
    // The workspace's default kit is chosen for the generation (its mood and colours join the prompt).
    const useKit = page.getByRole('combobox', { name: 'Use brand kit' });
    await expect(useKit.locator('option:checked')).toHaveText(KIT);
    await promptBox(page).fill(PROMPT);
    await generateVariationsButton(page, 1).click();
    await expectImageLoaded(page.getByRole('img', { name: `Generated image: ${PROMPT}` }));
    await page.goto('/dashboard');
    const klip = page.getByRole('article', { name: PROMPT });
    await klip.hover();
    await klip.getByRole('button', { name: 'Make ad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make ad' });
    await expect(dialog.getByRole('combobox', { name: 'Brand kit' })).toContainText(KIT);
    await expect(dialog.getByRole('checkbox', { name: /^Amazon main image/ })).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Bottom bar' }).check();
    await dialog.getByRole('textbox', { name: 'Headline' }).fill('Slow evenings');
    await dialog.getByRole('textbox', { name: 'Call to action' }).fill('Shop now');
    await dialog.getByRole('checkbox', { name: /^Instagram\/TikTok story/ }).check();
    await dialog.getByRole('checkbox', { name: /^Facebook\/Meta ad/ }).check();
    await expectImageLoaded(dialog.getByRole('img', { name: /^Preview of the ad as Square feed post/ }));
    await expectNoSeriousA11yViolations(page, 'the Make ad dialog');
    await screenshot375AndDesktop(page, 'make-ad-dialog');

    // 7. Three ads made, one per size; the ZIP holds each at its size.
    await dialog.getByRole('button', { name: 'Create ads' }).click();
    const made = dialog.getByRole('list', { name: 'Ads made' });
    await expect(made.getByRole('img')).toHaveCount(3, { timeout: 60_000 });
    await screenshot375AndDesktop(page, 'make-ad-done');
    const adsZip = await downloadBy(page, dialog.getByRole('link', { name: 'Download ZIP' }));
    expect(adsZip.name).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(adsZip.bytes));
    expect(Object.keys(files)).toEqual(['square-feed.png', 'story.png', 'facebook-ad.png']);
    const sizes = await Promise.all(Object.values(files).map(async (bytes) => sharp(bytes).metadata()));
    expect(sizes.map((m) => [m.width, m.height])).toEqual([
      [1080, 1080],
      [1080, 1920],
      [1200, 628],
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // 8. The ads are klips of their own in the library, tagged "ad"; the generated klip says which kit made it.
    await expect(page.getByRole('article', { name: PROMPT })).toHaveCount(4);

    // 9. A saved look (the editor model, a prompt, the kit, sale-banner ads in two sizes and an Etsy export) …
    await page.goto('/create/batch');
    await page.getByRole('radio', { name: /Klipt AI Editor/ }).check();
    await page.getByRole('textbox', { name: 'Prompt' }).fill(LOOK_PROMPT);
    await page.getByRole('button', { name: 'Save as look' }).click();
    const save = page.getByRole('dialog', { name: 'Save as look' });
    await save.getByLabel('Look name').fill(LOOK);
    await save.getByRole('radio', { name: 'Sale banner' }).check();
    await save.getByLabel('Headline').fill('Autumn sale');
    const adSizes = save.getByRole('group', { name: 'Sizes' });
    await adSizes.getByRole('checkbox', { name: /^Square feed post/ }).check();
    await adSizes.getByRole('checkbox', { name: /^Instagram\/TikTok story/ }).check();
    await expect(adSizes.getByRole('checkbox', { name: /^Amazon main image/ })).toBeDisabled();
    await save.getByRole('group', { name: 'Export presets in the ZIP' }).getByRole('checkbox', { name: 'Etsy listing' }).check();
    await expectNoSeriousA11yViolations(page, 'the Save as look dialog');
    await save.getByRole('button', { name: 'Save look' }).click();
    await expect(save).toBeHidden();

    // … applied to a new batch in one click: the look fills the form, every item gets its ads, the ZIP has a folder per size.
    await page.goto('/create/batch');
    await page.getByLabel('Saved look').selectOption({ label: LOOK });
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(LOOK_PROMPT);
    await page
      .getByLabel('Product photos files', { exact: true })
      .setInputFiles([
        await pngUpload('amber-jar.png', 400, 560, { r: 200, g: 120, b: 40 }),
        await pngUpload('linen-box.png', 480, 480, { r: 210, g: 200, b: 180 }),
      ]);
    const photos = page.getByRole('list', { name: 'Product photos' }).getByRole('listitem');
    await expect(photos.getByText('Uploaded')).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Batch name' }).fill('Autumn catalogue');
    await expectNoSeriousA11yViolations(page, 'the batch page with a saved look');
    await screenshot375AndDesktop(page, 'batch-with-look');
    await page.getByRole('button', { name: 'Start batch' }).click();
    await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
    await expect
      .poll(
        async () => {
          const zip = await page.request.get((await page.getByRole('link', { name: 'Download all' }).getAttribute('href'))!);
          return Object.keys(unzipSync(new Uint8Array(await zip.body()))).sort();
        },
        { timeout: 60_000, message: 'the ads of both items in the ZIP' },
      )
      .toEqual([
        'etsy-listing/01-amber-jar.jpg',
        'etsy-listing/02-linen-box.jpg',
        'original/01-amber-jar.png',
        'original/02-linen-box.png',
        'square-feed/01-amber-jar.png',
        'square-feed/02-linen-box.png',
        'story/01-amber-jar.png',
        'story/02-linen-box.png',
      ]);
    await screenshot375AndDesktop(page, 'batch-with-look-finished');
  });
});
