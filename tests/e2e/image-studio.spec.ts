import { readFile } from 'node:fs/promises';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import {
  badgeCredits,
  creditBadge,
  expectPreviewLoaded,
  generateButton,
  holdGenerationEvents,
  openEditorAsNewUser,
  pngUpload,
  previewFile,
  promptBox,
  screenshotEditor,
  spendAllCredits,
} from './image-studio-helpers.ts';

const FIRST = 'Amber glass serum bottle on wet slate, soft morning light';
const SECOND = 'White leather sneaker on a pastel podium, studio light';

// Every image comes from the built-in local renderer (no provider key in the e2e server).
test.describe('image editor', () => {
  test('generate twice with live progress, walk the history, download a jpg; two credits spent', async ({ page, baseURL }) => {
    await openEditorAsNewUser(page, baseURL!, 'studio');
    const before = await badgeCredits(page);
    await expect(page.getByText('Your image will appear here')).toBeVisible();

    const events = await holdGenerationEvents(page);
    await promptBox(page).fill(FIRST);
    await generateButton(page).click();
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await events.requested;
    await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
    events.release();
    await expectPreviewLoaded(page);
    await expect(page.getByRole('button', { name: /^Local preview/ })).toBeVisible();
    await expect(page.getByText('1 / 1')).toBeVisible();

    await page.getByRole('radio', { name: /^16:9/ }).click();
    await promptBox(page).fill(SECOND);
    await generateButton(page).click();
    await expect(page.getByText('2 / 2')).toBeVisible({ timeout: 30_000 });
    await expectPreviewLoaded(page);
    const second = await previewFile(page);

    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect(page.getByText('1 / 2')).toBeVisible();
    await expect(promptBox(page)).toHaveValue(FIRST);
    await expect(page.getByRole('radio', { name: /^1:1/ })).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => previewFile(page)).not.toBe(second);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(page.getByText('2 / 2')).toBeVisible();
    await expect(promptBox(page)).toHaveValue(SECOND);
    await expect.poll(() => previewFile(page)).toBe(second);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download JPG' }).click()]);
    expect(download.suggestedFilename()).toBe('generated-image.jpg');
    const bytes = await readFile(await download.path());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);

    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${before - 2} credits available`);
  });

  test('the product photo editor takes a product and a background and composes them', async ({ page, baseURL }) => {
    await openEditorAsNewUser(page, baseURL!, 'studio-product');
    // 16:9 chosen for Klipt Ultra does not follow into the AI Editor, which hides the aspect ratio.
    await page.getByRole('radio', { name: /^16:9/ }).click();
    await page.getByRole('radio', { name: /Klipt AI Editor/ }).check();
    await expect(page.getByRole('radio', { name: /^1:1/ })).toHaveCount(0);
    await promptBox(page).fill('on a marble counter beside fresh lemons');
    await expect(generateButton(page)).toBeDisabled();

    await page
      .getByLabel('Product Image file', { exact: true })
      .setInputFiles(await pngUpload('bottle.png', 400, 600, { r: 200, g: 40, b: 60 }));
    await expect(page.getByText('Uploaded · 400 × 600 px')).toBeVisible();
    await page
      .getByLabel('Background Reference Image file', { exact: true })
      .setInputFiles(await pngUpload('studio.png', 800, 600, { r: 120, g: 160, b: 200 }));
    await expect(page.getByText('Uploaded · 800 × 600 px')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Product Image preview' })).toBeVisible();
    await screenshotEditor(page, 'image-editor-uploads');
    await expectNoSeriousA11yViolations(page, 'the product photo editor with uploads');

    const accepted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/generations/variations');
    await generateButton(page).click();
    expect((await accepted).postDataJSON()).not.toHaveProperty('aspectRatio');
    await expectPreviewLoaded(page);
    await expect(page.getByText('Klipt AI Editor · 1024 × 1024 px')).toBeVisible();
  });

  test('Get Inspired fills the prompt from an example', async ({ page, baseURL }) => {
    await openEditorAsNewUser(page, baseURL!, 'studio-inspire');
    // The gallery is rendered by a background job when the server starts.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/inspirations/images')).json()) as { inspirations: unknown[] }).inspirations.length,
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Get Inspired' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get Inspired' });
    const cards = dialog.getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect
      .poll(() =>
        cards
          .first()
          .getByRole('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
    await expect(dialog.getByRole('combobox', { name: 'Subcategory' })).toBeVisible();
    await expect(cards.first()).toBeVisible();
    await screenshotEditor(page, 'image-editor-inspiration');
    await expectNoSeriousA11yViolations(page, 'the Get Inspired dialog');

    const card = cards.first();
    const showMore = card.getByRole('button', { name: 'Show more' });
    if (await showMore.count()) await showMore.click();
    const prompt = (await card.locator('p').textContent())!.replace(/\s*Show less$/, '').trim();
    await card.getByRole('button', { name: 'Use this prompt' }).click();
    await expect(dialog).toBeHidden();
    await expect(promptBox(page)).toHaveValue(prompt);
  });

  test('without credits Generate says so and the badge stays at 0', async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    await openEditorAsNewUser(page, baseURL!, 'studio-broke');
    await spendAllCredits(page, baseURL!);
    await page.reload();
    await expect(creditBadge(page)).toHaveAttribute('aria-label', '0 credits available');

    await promptBox(page).fill('a candle on an oak table');
    await generateButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Not enough credits. You need 1 credits to generate an image.');
    await expect(creditBadge(page)).toHaveAttribute('aria-label', '0 credits available');
    await screenshotEditor(page, 'image-editor-no-credits');
    await expectNoSeriousA11yViolations(page, 'the editor without credits');
    await expect(generateButton(page)).toBeEnabled();
  });

  test('a reload during and after a generation shows the job again', async ({ page, baseURL }) => {
    await openEditorAsNewUser(page, baseURL!, 'studio-reload');
    const events = await holdGenerationEvents(page);
    await page.getByRole('radio', { name: /^3:2/ }).click();
    await promptBox(page).fill(FIRST);
    await generateButton(page).click();
    await events.requested;
    events.release();

    // During (or just after) the job: the reloaded page finds it and shows it.
    await page.reload();
    await expect(promptBox(page)).toHaveValue(FIRST);
    await expect(page.getByRole('radio', { name: /^3:2/ })).toHaveAttribute('aria-checked', 'true');
    await expectPreviewLoaded(page);
    const shown = await previewFile(page);
    expect(shown).toMatch(/^\/files\/klips\//);

    // After: the finished result is still there.
    await page.reload();
    await expectPreviewLoaded(page);
    expect(await previewFile(page)).toBe(shown);
    await expect(promptBox(page)).toHaveValue(FIRST);
  });

  test('screenshots of the editor: empty, generating, with a result, product editor at phone and desktop width', async ({
    page,
    baseURL,
  }) => {
    await openEditorAsNewUser(page, baseURL!, 'studio-shots');
    await screenshotEditor(page, 'image-editor-empty');
    await expectNoSeriousA11yViolations(page, 'the empty editor');
    const events = await holdGenerationEvents(page);
    await promptBox(page).fill('Matte black water bottle on a mossy rock by a mountain lake, golden hour');
    await generateButton(page).click();
    await events.requested;
    await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
    await screenshotEditor(page, 'image-editor-progress');
    await expectNoSeriousA11yViolations(page, 'the editor while generating');
    events.release();
    await expectPreviewLoaded(page);
    await screenshotEditor(page, 'image-editor-result');
    await expectNoSeriousA11yViolations(page, 'the editor with a result');
    await page.getByRole('radio', { name: /Klipt AI Editor/ }).check();
    await screenshotEditor(page, 'image-editor-product');
    await expectNoSeriousA11yViolations(page, 'the product photo editor');
    await page.getByRole('tab', { name: 'Trained Models' }).click();
    await expect(
      page.getByRole('radio', { name: /Aurora Skincare|Nova Studio Look|Maya Brand Model|Urban Street Scenes/ }).first(),
    ).toBeChecked();
    await expect(promptBox(page)).toHaveAttribute('placeholder', /^Describe your image — use the trigger word [A-Z]+$/);
    await screenshotEditor(page, 'image-editor-trained');
    await expectNoSeriousA11yViolations(page, 'the editor on trained models');
    await page.getByRole('tab', { name: 'Standard Models' }).click();

    await page.getByRole('button', { name: 'About Klipt Ultra 1.1' }).click();
    await expect(page.getByRole('dialog', { name: 'Klipt Ultra 1.1' })).toContainText('4-megapixel output');
    await screenshotEditor(page, 'image-editor-model-info');
    await expectNoSeriousA11yViolations(page, 'the model info dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Rewrite' }).click();
    await expect(page.getByRole('dialog', { name: 'Rewrite prompt' })).toBeVisible();
    await screenshotEditor(page, 'image-editor-rewrite');
    await expectNoSeriousA11yViolations(page, 'the rewrite dialog');
  });
});
