import type { Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { signInWithForm } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectPreviewLoaded, generateButton, promptBox } from './image-studio-helpers.ts';

/** A model as the API lists it to the page's signed-in user. */
async function findModel(page: Page, name: string): Promise<{ id: string; isPublic: boolean }> {
  const res = await page.request.get(`/api/models/trained?search=${encodeURIComponent(name)}`);
  const { models } = (await res.json()) as { models: Array<{ id: string; name: string; isPublic: boolean }> };
  const model = models.find((m) => m.name === name);
  if (!model) throw new Error(`${name} is not listed`);
  return model;
}

// docs/product-rules.md#screens-and-access: whoever sees a private trained model may generate with it.
test('a super admin opens a private model from Klip Models in the editor and generates with it', async ({ page, baseURL }) => {
  await signInWithForm(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/models');
  const maya = page.getByRole('article', { name: 'Maya Brand Model' });
  try {
    await maya.getByRole('button', { name: 'Make private' }).click();
    await expect(maya.getByText('Private', { exact: true })).toBeVisible();

    await maya.getByRole('link', { name: 'Use Model' }).click();
    await expect(page).toHaveURL('/create/image');
    await expect(page.getByRole('tab', { name: 'Trained Models' })).toHaveAttribute('aria-selected', 'true');
    const option = page.getByRole('radio', { name: /Maya Brand Model/ });
    await expect(option).toBeChecked();
    await expect(page.locator('label').filter({ has: option }).getByText('Private', { exact: true })).toBeVisible();

    await promptBox(page).fill('portrait in a sunlit studio');
    const accepted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/generations/variations',
    );
    await generateButton(page).click();
    const answer = await accepted;
    expect(answer.status()).toBe(202);
    const { jobs } = (await answer.json()) as { jobs: GenerationJob[] };
    expect(jobs.map((job) => job.modelName)).toEqual(['Maya Brand Model']);
    await expectPreviewLoaded(page);
  } finally {
    // Leave the seeded model public for the other journeys.
    const model = await findModel(page, 'Maya Brand Model');
    if (!model.isPublic)
      await page.request.patch(`/api/models/trained/${model.id}/visibility`, {
        data: { isPublic: true },
        headers: { origin: new URL(baseURL!).origin },
      });
  }
});
