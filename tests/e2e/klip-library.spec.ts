import type { Locator, Page } from '@playwright/test';
import { signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, hasNoHorizontalOverflow, screenshot, test, viewports } from './fixtures.ts';
import { expectPreviewLoaded, generateButton, openEditorAsNewUser, promptBox } from './image-studio-helpers.ts';
import { expectRendition } from './journey-helpers.ts';

const PERFUME = 'a glass perfume bottle on wet stone';
const CANDLE = 'Amber candle jar on travertine, soft window light';

/** The tag is unique per run, so the collection filtered by it shows this run's klip only. */
const TAG = `spring${Date.now().toString(36)}`;

const card = (page: Page, prompt: string) => page.getByRole('article', { name: prompt });
const cards = (page: Page) => page.getByRole('article');

async function generate(page: Page, prompt: string) {
  await promptBox(page).fill(prompt);
  await generateButton(page).click();
  await expectPreviewLoaded(page);
}

/** Full-page shots at 360 and 1440 px from the top; the phone layout must not scroll sideways. */
async function shoot(page: Page, name: string, fullPage = true) {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    if (size === 'phone') expect(await hasNoHorizontalOverflow(page), `${name} overflows a 360px screen`).toBe(true);
    await screenshot(page, `${name}-${size}`);
  }
}

/** A card in a state (hover, a panel open), alone in the picture, at both widths. */
async function shootCard(page: Page, locator: Locator, name: string, prepare: () => Promise<void>) {
  for (const [size, viewport] of Object.entries(viewports)) {
    // Tall enough for a whole card below the sticky header, which would otherwise be drawn over it.
    await page.setViewportSize({ width: viewport.width, height: 1400 });
    await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await prepare();
    await locator.screenshot({ path: `test-results/screenshots/${name}-${size}.png` });
  }
}

test.describe('klip library', () => {
  test('two klips on the dashboard → filter → tag → publish → found in Collections by a visitor → hearted → share page → download', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await page.context().grantPermissions(['clipboard-write'], { origin: baseURL! });

    // 1. Two images from the editor.
    await openEditorAsNewUser(page, baseURL!, 'library');
    await generate(page, PERFUME);
    await generate(page, CANDLE);

    // 2. Both on the dashboard, newest first, with the week's numbers.
    await page.goto('/dashboard');
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first()).toHaveAccessibleName(CANDLE);
    const stats = page.getByRole('region', { name: /This week/ });
    await expect(stats.getByText('Images created')).toBeVisible();
    await expect(stats.locator('dd').first()).toHaveText('2');
    await expectNoSeriousA11yViolations(page, 'dashboard');
    // Without batches, no empty block stands above the klips: they start above the fold at 1280×800,
    // and the one-line Batches note comes after them.
    for (const viewport of [{ width: 1280, height: 800 }, viewports.phone]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      const first = (await cards(page).first().boundingBox())!;
      const batches = (await page.getByRole('region', { name: 'Batches' }).boundingBox())!;
      expect(batches.y, `at ${viewport.width} px`).toBeGreaterThan(first.y + first.height);
      if (viewport.width === 1280) expect(first.y).toBeLessThan(viewport.height - 24);
    }
    await shoot(page, 'library-dashboard');

    // 3. Search and type filter.
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('perfume');
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, PERFUME)).toBeVisible();
    await page.getByLabel('Type').selectOption('video');
    await expect(page.getByRole('heading', { name: 'No klips found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard empty');
    await page.getByLabel('Type').selectOption('image');
    await expect(cards(page)).toHaveCount(1);

    // 4. Tag it, 5. make it public.
    const perfume = card(page, PERFUME);
    await perfume.getByRole('button', { name: /^Tags/ }).click();
    await perfume.getByRole('textbox', { name: 'New tag' }).fill(`  ${TAG.toUpperCase()} `);
    await perfume.getByRole('button', { name: 'Add tag' }).click();
    await expect(perfume.getByRole('list', { name: 'Tags' })).toContainText(`#${TAG}`);
    await expect(page.getByRole('button', { name: new RegExp(`^#${TAG}`) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'card tags open');
    await shootCard(page, perfume, 'library-card-tags', async () => {});
    await perfume.getByRole('button', { name: 'Attributes' }).click();
    await expect(perfume.getByText('Aspect ratio')).toBeVisible();
    await shootCard(page, perfume, 'library-card-attributes', async () => {});
    await expect(perfume.getByText('Private', { exact: true })).toBeVisible();
    await perfume.getByRole('switch', { name: 'Private — Make public' }).click();
    await expect(perfume.getByRole('switch', { name: 'Public — Make private' })).toBeChecked();

    // The card's actions show on hover and on keyboard focus; the full size opens in a dialog.
    await shootCard(page, perfume, 'library-card-hover', () => perfume.hover());
    await perfume.getByRole('button', { name: 'View full size' }).focus();
    await expect(perfume.getByRole('button', { name: 'View full size' })).toBeVisible();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Full size' });
    await expect(dialog.getByRole('img', { name: PERFUME })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'full-size dialog');
    await shoot(page, 'library-full-size', false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The share link, as copied.
    // Klipt's Permissions-Policy forbids reading the clipboard, so the test records what the page writes.
    await page.evaluate(() => {
      const write = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied: string }).copied = text;
        await write(text);
      };
    });
    await perfume.getByRole('button', { name: 'Copy share link' }).click();
    await expect(perfume.getByText('Link copied!')).toBeVisible();
    const shareUrl = await page.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(shareUrl).toMatch(new RegExp(`^${baseURL}/share/[0-9a-f-]{36}$`));
    await expect(perfume.getByText('Link copied!')).toBeHidden({ timeout: 4000 });

    // 6. A signed-out visitor finds it in Collections by its tag.
    const visitorContext = await browser.newContext({ viewport: viewports.desktop });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/collections');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    // A visitor's page arrives drawn by the server; a button clicked before the app has hydrated it is clicked again once it has.
    await visitor.getByRole('button', { name: new RegExp(`^#${TAG}`) }).click();
    await expect(visitor).toHaveURL(new RegExp(`/collections\\?tag=${TAG}$`));
    await expect(cards(visitor)).toHaveCount(1);
    await expect(card(visitor, PERFUME)).toBeVisible();
    await expect(card(visitor, CANDLE)).toHaveCount(0);
    // The card shows a sized copy of the picture (docs/architecture.md#klip-renditions), never the original.
    await expectRendition(card(visitor, PERFUME).getByRole('img', { name: PERFUME }));
    await expectNoSeriousA11yViolations(visitor, 'collections (visitor)');
    await shoot(visitor, 'library-collections');
    // A visitor's vote is an invitation to sign in.
    await card(visitor, PERFUME)
      .getByRole('button', { name: /^Heart: / })
      .click();
    await expect(visitor.getByRole('dialog', { name: 'Sign in to vote' })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor, 'sign-in invitation');
    await visitor.keyboard.press('Escape');
    // The filtered view survives a reload.
    await visitor.reload();
    await expect(cards(visitor)).toHaveCount(1);
    await visitorContext.close();
    // A visitor's share page and collections arrive drawn by the server: readable before (and without) the app.
    const plainContext = await browser.newContext({ viewport: viewports.phone, javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await plain.goto(shareUrl);
    await expectRendition(plain.getByRole('img', { name: PERFUME }));
    await plain.goto(`/collections?tag=${TAG}`);
    await expect(cards(plain)).toHaveCount(1);
    await expectRendition(card(plain, PERFUME).getByRole('img', { name: PERFUME }));
    await plainContext.close();

    // 7. A second user hearts it.
    const fanContext = await browser.newContext({ viewport: viewports.desktop });
    const fan = await fanContext.newPage();
    await signUpInBrowser(fan, baseURL!, uniqueEmail('fan'));
    await fan.goto(`/collections?tag=${TAG}`);
    const heart = card(fan, PERFUME).getByRole('button', { name: /^Heart: / });
    await expect(heart).toHaveAccessibleName('Heart: 0');
    await heart.click();
    await expect(heart).toHaveAccessibleName('Heart: 1');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // The vote is saved: it is still there after a reload.
    await fan.reload();
    await expect(card(fan, PERFUME).getByRole('button', { name: /^Heart: / })).toHaveAccessibleName('Heart: 1');
    await fanContext.close();

    // 8. The count shows on the share page opened from the copied link.
    await page.goto(shareUrl);
    await expect(page.getByText(PERFUME)).toBeVisible();
    await expect(page.getByText('Generated with')).toHaveText('Generated with Klipt Ultra 1.1');
    await expect(page.locator('dt', { hasText: 'Heart' }).locator('xpath=following-sibling::dd')).toHaveText('1');
    await expectRendition(page.getByRole('img', { name: PERFUME }));
    await expectNoSeriousA11yViolations(page, 'share page');
    await shoot(page, 'library-share');

    // 9. The download is named by the prompt's first three long words.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('glass-perfume-bottle.jpg');

    // A missing klip.
    await page.goto('/share/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Image Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'share not found');
    await shoot(page, 'library-share-not-found');
  });
});
