import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { exportKlipPath } from '#contracts/exports.ts';
import { expect, expectNoSeriousA11yViolations, test, viewports } from './fixtures.ts';
import { openEditorAsNewUser, promptBox } from './image-studio-helpers.ts';
import { downloadBy, expectImageLoaded, generateVariationsButton, screenshot375AndDesktop } from './journey-helpers.ts';

const PROMPT = 'Walnut wireless speaker on a terracotta plinth, warm studio light';

/** A JPEG's size and its pixels, as RGB rows. */
async function decodeJpeg(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) =>
    Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels));
  return { format: meta.format, width: info.width, height: info.height, pixel };
}

/** The id of the klip an export link is for: /api/klips/<id>/exports/<preset>. */
async function klipIdOf(link: Locator): Promise<string> {
  const href = (await link.getAttribute('href')) ?? '';
  const id = /^\/api\/klips\/([0-9a-f-]{36})\/exports\//.exec(href)?.[1];
  expect(id, `export link ${href}`).toBeDefined();
  return id!;
}

// Every image comes from the built-in local renderer (no provider key in the e2e server).
test.describe('marketplace exports', () => {
  test('a 16:9 klip exported for Amazon from My Klips: 2000×2000 JPEG padded white; the owner exports from the share page too', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await openEditorAsNewUser(page, baseURL!, 'exports');
    await page.getByRole('radio', { name: /^16:9/ }).click();
    await promptBox(page).fill(PROMPT);
    await generateVariationsButton(page, 1).click();
    const result = page.getByRole('img', { name: `Generated image: ${PROMPT}` });
    await expectImageLoaded(result);
    const ratio = await result.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
    expect(ratio, 'the klip is wide, so the square export must be padded').toBeCloseTo(16 / 9, 1);

    // My Klips: the card's Export… opens the dialog of presets.
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: PROMPT });
    await expect(card).toBeVisible();
    await card.hover();
    await card.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export for marketplaces' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Pad/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'the export dialog');
    await screenshot375AndDesktop(page, 'export-dialog');

    const amazon = dialog.getByRole('link', { name: 'Download Amazon main image' });
    const klipId = await klipIdOf(amazon);
    const file = await downloadBy(page, amazon);
    expect(file.name).toMatch(/-amazon-main\.jpg$/);
    const image = await decodeJpeg(file.bytes);
    expect(image.format).toBe('jpeg');
    expect([image.width, image.height]).toEqual([2000, 2000]);
    const corners = [image.pixel(0, 0), image.pixel(1999, 0), image.pixel(0, 1999), image.pixel(1999, 1999)];
    for (const [i, rgb] of corners.entries()) {
      expect(Math.min(...rgb), `corner ${i + 1} is white (${rgb.join(', ')})`).toBeGreaterThanOrEqual(250);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The share page: its owner has Export, with the same presets.
    await card.hover();
    await expect(card.getByText('Private', { exact: true })).toBeVisible();
    await card.getByRole('switch', { name: 'Private — Make public' }).click();
    await expect(card.getByRole('switch', { name: 'Public — Make private' })).toBeChecked();
    await page.goto(`/share/${klipId}`);
    await expect(page.getByRole('img', { name: PROMPT })).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the export dialog on the share page');
    const instagram = await downloadBy(page, dialog.getByRole('link', { name: 'Download Instagram post' }));
    expect(instagram.name).toMatch(/-instagram-post\.jpg$/);
    const post = await decodeJpeg(instagram.bytes);
    expect([post.format, post.width, post.height]).toEqual(['jpeg', 1080, 1350]);
    await page.keyboard.press('Escape');
    await screenshot375AndDesktop(page, 'export-share-owner');

    // A name in any script is saved as it reads: the browser takes filename* (UTF-8) over the ASCII filename.
    const unicodeName = 'ünïcödé-neaker-日本語';
    await page.evaluate(
      (href) => {
        const link = document.createElement('a');
        link.id = 'unicode-export';
        link.href = href;
        link.textContent = 'unicode export';
        document.body.append(link);
      },
      exportKlipPath(klipId, 'story', 'pad', unicodeName),
    );
    const unicode = await downloadBy(page, page.locator('#unicode-export'));
    expect(unicode.name).toBe(`${unicodeName}-story.jpg`);

    // A visitor sees the public klip and its download, but no Export.
    const visitorContext = await browser.newContext({ viewport: viewports.desktop });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/share/${klipId}`);
    await expect(visitor.getByRole('img', { name: PROMPT })).toBeVisible();
    await expect(visitor.getByRole('link', { name: /Download/ })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
    await visitorContext.close();
  });
});
