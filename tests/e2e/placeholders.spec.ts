import { e2eAdmin } from '../../playwright.config.ts';
import { screenshotBothWidths, signInWithForm } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

// Routes whose screens arrive with a later release: each says so, with its title, and passes the accessibility bar.
test.describe('screens on their way', () => {
  test('a super admin sees God Mode', async ({ page }) => {
    await signInWithForm(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/super-admin');
    await expect(page.getByRole('heading', { level: 1, name: 'God Mode' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'God Mode');
    await screenshotBothWidths(page, 'god-mode');
  });
});
