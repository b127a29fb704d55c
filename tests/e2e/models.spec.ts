import type { Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { screenshotBothWidths, signInWithForm, signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { expectPreviewLoaded, generateButton, promptBox } from './image-studio-helpers.ts';

// The four public demo models every Klipt install is seeded with, newest first.
const seeded = ['Urban Street Scenes', 'Maya Brand Model', 'Nova Studio Look', 'Aurora Skincare'];

interface ListedModel {
  id: string;
  name: string;
  isPublic: boolean;
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading');
const modelOption = (page: Page, name: string) => page.getByRole('radio', { name: new RegExp(`^${name}`) });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search models' });

/** A model as the API lists it to the page's signed-in user. */
async function findModel(page: Page, name: string): Promise<ListedModel> {
  const res = await page.request.get(`/api/models/trained?search=${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const { models } = (await res.json()) as { models: ListedModel[] };
  const model = models.find((m) => m.name === name);
  if (!model) throw new Error(`${name} is not listed`);
  return model;
}

test.describe('Klip Models', () => {
  test('a seller sees the public models, filters by type, searches, and finds nothing for nonsense', async ({ page, baseURL }) => {
    await signUpInBrowser(page, baseURL!, uniqueEmail('models-seller'));
    await page.goto('/models');
    await expect(page).toHaveTitle('Klip Models — Klipt');
    await expect(page.getByRole('heading', { level: 1, name: 'Klip Models' })).toBeVisible();

    await expect(cardTitles(page)).toHaveText(seeded);
    for (const name of seeded) await expect(card(page, name).getByText('Public', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Make (public|private)$/ })).toHaveCount(0);
    const aurora = card(page, 'Aurora Skincare');
    await expect(aurora.getByText('Product', { exact: true })).toBeVisible();
    await expect(aurora.getByText('AURSKIN', { exact: true })).toBeVisible();
    await expect(aurora.getByText('AURSKIN serum bottle on wet stone, morning light, water droplets')).toBeVisible();
    await expect(aurora.getByRole('link', { name: 'Use Model' })).toBeVisible();
    await screenshotBothWidths(page, 'models');
    await expectNoSeriousA11yViolations(page, 'the models page');

    const type = page.getByLabel('Type', { exact: true });
    await type.selectOption({ label: 'Style' });
    await expect(cardTitles(page)).toHaveText(['Nova Studio Look']);
    await type.selectOption({ label: 'Character' });
    await expect(cardTitles(page)).toHaveText(['Maya Brand Model']);
    await type.selectOption({ label: 'All' });
    await expect(cardTitles(page)).toHaveText(seeded);

    // Search looks at names, trigger words and test prompts.
    await searchBox(page).fill('aurora');
    await expect(cardTitles(page)).toHaveText(['Aurora Skincare']);
    await searchBox(page).fill('coffee cup');
    await expect(cardTitles(page)).toHaveText(['Urban Street Scenes']);

    await searchBox(page).fill('zqxv nothing like this');
    await expect(page.getByRole('heading', { name: 'No models found' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await screenshotBothWidths(page, 'models-empty');
    await expectNoSeriousA11yViolations(page, 'the models page without results');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(cardTitles(page)).toHaveText(seeded);
  });

  test("'Use Model' opens the image editor with the model, also after generating with another one", async ({ page, baseURL }) => {
    await signUpInBrowser(page, baseURL!, uniqueEmail('models-user'));
    await page.goto('/models');
    const nova = await findModel(page, 'Nova Studio Look');
    await card(page, 'Nova Studio Look').getByRole('link', { name: 'Use Model' }).click();
    await expect(page).toHaveURL('/create/image');
    expect(await page.evaluate(() => (history.state as { usr?: { modelId?: string } } | null)?.usr?.modelId)).toBe(nova.id);
    await expect(modelOption(page, 'Nova Studio Look')).toBeChecked();

    // Generate with model A, then 'Use Model' on model B: the editor shows A's result but selects B.
    await page.goto('/models');
    await card(page, 'Aurora Skincare').getByRole('link', { name: 'Use Model' }).click();
    await expect(modelOption(page, 'Aurora Skincare')).toBeChecked();
    await promptBox(page).fill('AURSKIN serum bottle on wet stone');
    await generateButton(page).click();
    await expectPreviewLoaded(page);

    await page.goto('/models');
    await card(page, 'Nova Studio Look').getByRole('link', { name: 'Use Model' }).click();
    await expect(page).toHaveURL('/create/image');
    await expectPreviewLoaded(page);
    await expect(modelOption(page, 'Nova Studio Look')).toBeChecked();
    await expect(modelOption(page, 'Aurora Skincare')).not.toBeChecked();
    await expect(promptBox(page)).toHaveValue('');
    await promptBox(page).fill('NOVASTYLE linen dress on a sunlit terrace');
    const accepted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/generations/variations',
    );
    await generateButton(page).click();
    const answer = await accepted;
    expect(answer.status()).toBe(202);
    expect(((await answer.json()) as { jobs: GenerationJob[] }).jobs.map((job) => job.modelName)).toEqual(['Nova Studio Look']);
  });

  test('a super admin makes a model private, then public again', async ({ page }) => {
    await signInWithForm(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/models');
    const urban = card(page, 'Urban Street Scenes');
    try {
      await expect(page.getByRole('button', { name: 'Make private' })).toHaveCount(seeded.length);

      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/visibility'));
      const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/models/trained');
      await urban.getByRole('button', { name: 'Make private' }).click();
      expect((await saved).request().postDataJSON()).toEqual({ isPublic: false });
      expect((await reloaded).ok()).toBe(true);
      await expect(urban.getByText('Private', { exact: true })).toBeVisible();
      await expect(urban.getByRole('button', { name: 'Make public' })).toBeEnabled();
      const notice = page.getByRole('status').filter({ hasText: 'Urban Street Scenes is now private.' });
      await expect(notice).toBeVisible();
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await expect(notice).toBeHidden();
      await screenshotBothWidths(page, 'models-admin');

      // 'Public Only' (by keyboard) hides the private model; turning it off brings it back.
      const publicOnly = page.getByRole('switch', { name: 'Public Only' });
      await publicOnly.focus();
      await page.keyboard.press('Space');
      await expect(publicOnly).toBeChecked();
      await expect(cardTitles(page)).toHaveText(seeded.filter((n) => n !== 'Urban Street Scenes'));
      await page.keyboard.press('Space');
      await expect(cardTitles(page)).toHaveText(seeded);

      await urban.getByRole('button', { name: 'Make public' }).click();
      await expect(urban.getByText('Public', { exact: true })).toBeVisible();
      await expect(urban.getByRole('button', { name: 'Make private' })).toBeEnabled();
      await expect(page.getByRole('status').filter({ hasText: 'Urban Street Scenes is now public.' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the models page of a super admin, with a notice');
    } finally {
      // Whatever happened above, leave the seeded model public for the other journeys.
      const model = await findModel(page, 'Urban Street Scenes');
      if (!model.isPublic) await page.request.patch(`/api/models/trained/${model.id}/visibility`, { data: { isPublic: true } });
    }
  });
});
