import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

test('the API docs page renders from the OpenAPI document under its own CSP, without console errors', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByText('Klipt API').first()).toBeVisible();
  await expect(page.getByText('/api/waitlist').first()).toBeVisible();
  await expect(page.getByText('/api/generations').first()).toBeVisible();
  // Swagger UI's own markup (contrast of its method badges, unlabelled server select, small links) is not ours to fix.
  await expectNoSeriousA11yViolations(page, 'the API docs page around Swagger UI', { exclude: ['.swagger-ui'] });
});
