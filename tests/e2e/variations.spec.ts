import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { badgeCredits, creditBadge, openEditorAsNewUser, promptBox } from './image-studio-helpers.ts';
import { expectImageLoaded, generateVariationsButton, screenshot375AndDesktop } from './journey-helpers.ts';

const PROMPT = 'Ceramic pour-over coffee set on a linen tablecloth, morning window light';

// Every image comes from the built-in local renderer (no provider key in the e2e server).
test.describe('image variations', () => {
  test('4 variations: the button names the cost, 4 tiles fill in, 4 credits spent, 4 klips in My Klips', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await openEditorAsNewUser(page, baseURL!, 'variations');
    const before = await badgeCredits(page);
    expect(before).toBeGreaterThanOrEqual(4);

    await promptBox(page).fill(PROMPT);
    await expect(generateVariationsButton(page, 1)).toHaveText('Generate 1 — 1 credit');
    const variations = page.getByRole('radiogroup', { name: 'Variations' });
    await variations.getByRole('radio', { name: '4 variations' }).click();
    await expect(variations.getByRole('radio', { name: '4 variations' })).toBeChecked();
    const generate = generateVariationsButton(page, 4);
    await expect(generate).toHaveText('Generate 4 — 4 credits');
    await generate.click();

    // One tile per variation, side by side, each filling in with its own image.
    const tiles = page.getByRole('group', { name: /^Variation \d of 4$/ });
    await expect(tiles).toHaveCount(4);
    for (let place = 1; place <= 4; place++) {
      const tile = page.getByRole('group', { name: `Variation ${place} of 4` });
      await expectImageLoaded(tile.getByRole('img', { name: `Generated image ${place} of 4: ${PROMPT}` }));
      await expect(tile.getByRole('link', { name: `Download variation ${place}` })).toBeVisible();
    }
    const sources = await page
      .getByRole('img', { name: /^Generated image \d of 4: / })
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
    expect(new Set(sources).size, 'each variation is its own image').toBe(4);
    await expect(page.getByRole('button', { name: 'Generate 4 — 4 credits' })).toBeEnabled();

    // Tiles side by side on a desktop: the first two share a row.
    const [first, second] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
    expect(first && second && Math.abs(first.y - second.y) < 2 && second.x > first.x).toBe(true);

    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${before - 4} credits available`);
    await expectNoSeriousA11yViolations(page, 'the editor with 4 variations');
    await screenshot375AndDesktop(page, 'variations-editor');

    // Each variation is a klip of its own in My Klips.
    await page.goto('/dashboard');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) await expect(card).toHaveAccessibleName(PROMPT);
    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${before - 4} credits available`);
  });
});
