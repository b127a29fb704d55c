import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

test('the API docs page opens with the quickstart, renders from the OpenAPI document under its own CSP, and deep-links to an operation, without console errors', async ({
  page,
}) => {
  await page.goto('/api/docs/');
  await expect(page.getByText('Klipt API').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '1. Create a key' })).toBeVisible();
  // Swagger UI's own markup (contrast of its method badges, unlabelled server select, small links) is not ours to fix.
  await expectNoSeriousA11yViolations(page, 'the API docs page around Swagger UI', { exclude: ['.swagger-ui'] });
  // The page renders only the operations in view; a deep link (the operation's id) opens one.
  await page.goto('/api/docs/#/generation/postGenerations');
  await page.reload();
  const operation = page.locator('#operations-generation-postGenerations');
  await expect(operation).toHaveClass(/is-open/);
  await expect(operation).toContainText("accepted with the 'generate' scope");
});
