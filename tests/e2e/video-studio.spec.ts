import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { badgeCredits, creditBadge, holdGenerationEvents, pngUpload, screenshotEditor } from './image-studio-helpers.ts';

const generateVideoButton = (page: Page) => page.getByRole('button', { name: /^(Generate · 5 credits|Generating\.\.\.)$/ });
const previewVideo = (page: Page) => page.getByTestId('video-preview');

async function openVideoEditorAsNewUser(page: Page, baseURL: string, prefix: string) {
  await signUpInBrowser(page, baseURL, uniqueEmail(prefix));
  await page.goto('/create/video');
  await expect(page).toHaveTitle('Create video — Klipt');
  await expect(page.getByRole('heading', { level: 1, name: 'Create video' })).toBeVisible();
}

/** Records every value the progress bar shows, from the page itself (no timer in the test). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const note = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Video generation progress"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

// Every video comes from the built-in local renderer (no provider key in the e2e server).
test.describe('video editor', () => {
  test('upload a reference, pick an effect, play the game while the steps advance, get a playing MP4; five credits spent', async ({
    page,
    baseURL,
  }) => {
    await openVideoEditorAsNewUser(page, baseURL!, 'video');
    const before = await badgeCredits(page);
    await expect(page.getByText('Your video will appear here')).toBeVisible();
    await expect(generateVideoButton(page)).toBeDisabled();
    await expect(page.getByText('Please upload a reference image.')).toBeVisible();
    await screenshotEditor(page, 'video-editor-empty');
    await expectNoSeriousA11yViolations(page, 'the empty video editor');

    await page
      .getByLabel('Reference Image file', { exact: true })
      .setInputFiles(await pngUpload('sneaker.png', 480, 480, { r: 220, g: 60, b: 80 }));
    await expect(page.getByText('Uploaded · 480 × 480 px')).toBeVisible();
    await expect(generateVideoButton(page)).toBeDisabled();
    await page.getByRole('textbox', { name: 'Subject' }).fill('sneaker');
    await page.getByRole('combobox', { name: 'Effect' }).selectOption({ label: 'Rotate It' });
    await expect(page.getByRole('combobox', { name: 'Effect' }).locator('option')).toHaveCount(20);
    const length = page.getByRole('slider', { name: 'Video Length' });
    await expect(length).toHaveAttribute('aria-valuenow', '3');
    await length.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(length).toHaveAttribute('aria-valuenow', '2');
    await page.getByRole('combobox', { name: 'Resolution' }).selectOption('360');
    await expect(page.getByRole('slider', { name: 'Steps' })).toHaveAttribute('aria-valuenow', '30');

    const events = await holdGenerationEvents(page);
    await generateVideoButton(page).click();
    await events.requested;

    // The game opens 1.5 s into the generation (held here) and answers a click.
    const game = page.getByRole('dialog', { name: 'Loading Game' });
    await expect(game).toBeVisible();
    const canvas = game.locator('canvas');
    await expect(canvas).toHaveAttribute('width', '600');
    await expect(canvas).toHaveAttribute('height', '400');
    await canvas.click();
    await expect(game.getByText(/^Score \d+$/)).toBeVisible();
    await screenshotEditor(page, 'video-editor-game');
    await expectNoSeriousA11yViolations(page, 'the waiting game');
    await game.getByRole('button', { name: 'Close' }).click();
    await expect(game).toBeHidden();
    await expect(page.getByRole('progressbar', { name: 'Video generation progress' })).toBeVisible();
    await screenshotEditor(page, 'video-editor-progress');
    events.release();

    const video = previewVideo(page);
    await expect(video).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Video generated successfully!')).toBeVisible();

    // The preview plays: a real MP4 of the chosen length.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 2 ? v.duration : 0)), { timeout: 15_000 })
      .toBeCloseTo(2, 0);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /^Local preview/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Full size/ })).toHaveAttribute('target', '_blank');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download MP4' }).click()]);
    expect(download.suggestedFilename()).toBe('sneaker.mp4');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');

    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${before - 5} credits available`);
    await screenshotEditor(page, 'video-editor-result');
    await expectNoSeriousA11yViolations(page, 'the video editor with a result');

    // Regenerate with the same settings; this time the bar follows the steps as the server walks them.
    const seen = await recordProgress(page);
    const first = await video.getAttribute('src');
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect(previewVideo(page)).not.toHaveAttribute('src', first!, { timeout: 60_000 });
    // A render that took over 1.5 s opened the game, which stays until the player leaves it.
    if (await game.isVisible()) {
      await expect(game.getByText('Video generated successfully!')).toBeVisible();
      await game.getByRole('button', { name: 'See your video' }).click();
      await expect(game).toBeHidden();
    }
    // How many steps the bar shows depends on how fast this machine renders (the server sends the
    // newest state it reads, and a quick render can go from the first step straight to the video);
    // that progress streams until the job finishes is the server tests' part (live-progress.test.ts, generation.test.ts).
    const progress = await seen();
    expect(progress.length, `progress values ${progress.join(', ')}`).toBeGreaterThanOrEqual(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((p) => p % 20 === 0 && p >= 20 && p <= 100)).toBe(true);
    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${before - 10} credits available`);
    await expect(page.getByRole('combobox', { name: 'Effect' })).toHaveValue('rotate_it');

    // A reload shows the finished video again with its settings.
    await page.reload();
    await expect(previewVideo(page)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('sneaker');
    await expect(page.getByRole('combobox', { name: 'Effect' })).toHaveValue('rotate_it');
    await expect(page.getByText('Video generated successfully!')).toBeHidden();
  });

  test('Get Inspired offers playable examples; choosing one sets subject and effect; Rewrite changes the subject', async ({
    page,
    baseURL,
  }) => {
    await openVideoEditorAsNewUser(page, baseURL!, 'video-inspired');
    await page.getByRole('textbox', { name: 'Subject' }).fill('mug');
    await page.getByRole('button', { name: 'Rewrite' }).click();
    const rewrite = page.getByRole('dialog', { name: /Rewrite Subject/ });
    await rewrite.getByLabel('What would you like to change?').fill('make it a travel mug');
    await rewrite.getByRole('button', { name: 'Rewrite Subject' }).click();
    await expect(rewrite).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Subject' })).not.toHaveValue('mug');

    // The examples are rendered in the background after the first start.
    test.setTimeout(150_000);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/inspirations/videos')).json()) as { inspirations: unknown[] }).inspirations.length,
        {
          timeout: 120_000,
        },
      )
      .toBeGreaterThanOrEqual(12);
    await page.getByRole('button', { name: 'Get Inspired' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.locator('video').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the video inspiration modal');
    await screenshotEditor(page, 'video-inspirations');
    await modal.getByRole('searchbox').fill('headphones');
    await expect(modal.locator('video')).toHaveCount(1);
    await modal
      .getByRole('button', { name: /Use this/ })
      .first()
      .click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('headphones');
    await expect(page.getByRole('combobox', { name: 'Effect' })).toHaveValue('muscle_me');
  });
});
