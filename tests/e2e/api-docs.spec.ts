import { expect, test } from './fixtures.ts';

test('the API docs page renders from the OpenAPI document under its own CSP, without console errors', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByText('Klipt API').first()).toBeVisible();
  await expect(page.getByText('/api/waitlist').first()).toBeVisible();
  await expect(page.getByText('/api/generations').first()).toBeVisible();
});
