import type { Page } from '@playwright/test';
import type { GenerationJob } from '#contracts/generation.ts';
import type { StandardModel } from '#contracts/models.ts';
import { signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, hasNoHorizontalOverflow, screenshot, viewports } from './fixtures.ts';

/** A fresh verified user, signed in, on the image editor with its models loaded. */
export async function openEditorAsNewUser(page: Page, baseURL: string, prefix: string): Promise<void> {
  await signUpInBrowser(page, baseURL, uniqueEmail(prefix));
  await page.goto('/create/image');
  await expect(page).toHaveTitle('Create image — Klipt');
  await expect(page.getByRole('radio', { name: /Klipt Ultra 1\.1/ })).toBeChecked();
}

export const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });
export const generateButton = (page: Page) => page.getByRole('button', { name: /^(Generate 1 — 1 credit|Generating\.\.\.)$/ });
export const previewImage = (page: Page) => page.getByRole('img', { name: /^Generated image/ });
export const creditBadge = (page: Page) => page.getByTestId('credit-badge');

/** The current credits as the header's badge says them. */
export async function badgeCredits(page: Page): Promise<number> {
  const label = await creditBadge(page).getAttribute('aria-label');
  const credits = Number(/^(\d+) credits available$/.exec(label ?? '')?.[1]);
  expect(Number.isFinite(credits), `credit badge label "${label}"`).toBe(true);
  return credits;
}

/**
 * The file the preview shows, without its signed link's query: the expiry moves in 5-minute steps,
 * so two reads of the same klip may differ there.
 */
export async function previewFile(page: Page): Promise<string | undefined> {
  return (await previewImage(page).getAttribute('src'))?.split('?')[0];
}

/** Waits until the preview shows an image that really loaded. */
export async function expectPreviewLoaded(page: Page, src?: RegExp): Promise<void> {
  const image = previewImage(page);
  await expect(image).toBeVisible({ timeout: 30_000 });
  if (src) await expect(image).toHaveAttribute('src', src);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

/**
 * Holds the job's event stream until `release()` is called, so a test can look at the progress UI
 * however fast the local renderer is. The stream then continues to the real server.
 */
export async function holdGenerationEvents(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release!: () => void;
  let requested!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route('**/api/generations/*/events', async (route) => {
    requested();
    await gate;
    await route.continue();
  });
  // Once released, later streams pass straight through.
  return { release, requested: seen };
}

/** A PNG for upload fields, drawn with sharp. */
export async function pngUpload(name: string, width: number, height: number, colour: { r: number; g: number; b: number }) {
  const sharp = (await import('sharp')).default;
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: await sharp({
          create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: { r: 250, g: 250, b: 250 } },
        })
          .png()
          .toBuffer(),
        gravity: 'centre',
      },
    ])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Spends every credit of the signed-in user through the API and waits until those jobs have finished. */
export async function spendAllCredits(page: Page, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  const models = (await (await page.request.get('/api/models/standard')).json()) as { models: StandardModel[] };
  const modelId = models.models.find((m) => m.slug === 'flux-1.1-pro-ultra')!.id;
  const me = (await (await page.request.get('/api/me')).json()) as { credits: number };
  const jobs: string[] = [];
  for (let i = 0; i < me.credits; i++) {
    const res = await page.request.post('/api/generations', {
      headers: { origin },
      data: { modelType: 'standard', modelId, prompt: `warm-up klip ${i + 1}`, aspectRatio: '1:1' },
    });
    expect(res.status(), await res.text()).toBe(202);
    jobs.push(((await res.json()) as GenerationJob).id);
  }
  for (const id of jobs) {
    await expect
      .poll(async () => ((await (await page.request.get(`/api/generations/${id}`)).json()) as GenerationJob).status, { timeout: 90_000 })
      .toMatch(/^(succeeded|failed)$/);
  }
  expect(((await (await page.request.get('/api/me')).json()) as { credits: number }).credits).toBe(0);
}

/**
 * Full-page screenshots at phone and desktop width from the top of the page (the sticky header
 * would otherwise be drawn where the page was scrolled to); the phone layout must not scroll sideways.
 */
export async function screenshotEditor(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    if (size === 'phone') expect(await hasNoHorizontalOverflow(page), `${name} overflows a 360px screen`).toBe(true);
    await screenshot(page, `${name}-${size}`);
  }
}
