import { screenshotBothWidths, signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { badgeCredits, creditBadge } from './image-studio-helpers.ts';

// The e2e server has no Stripe key: checkouts go to Klipt's built-in test checkout (sandbox mode).
test.describe('plans and payments', () => {
  test('subscribe to Growth through the test checkout: +500 credits on the dashboard, the purchase in the history, Growth as the current plan', async ({
    page,
    baseURL,
  }) => {
    test.info().setTimeout(90_000);
    await signUpInBrowser(page, baseURL!, uniqueEmail('billing'));
    await page.goto('/dashboard');
    const before = await badgeCredits(page);

    await page.getByRole('link', { name: 'Modify Plan' }).click();
    await expect(page).toHaveURL('/buy-credits');
    await expect(page).toHaveTitle('Buy credits — Klipt');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Subscription' })).toBeVisible();
    await expect(page.getByText('Cancel anytime')).toBeVisible();
    const growth = page.getByTestId('plan-growth');
    await expect(growth.getByText('Most Popular')).toBeVisible();
    await expect(page.getByTestId('plan-scale')).toHaveCount(0);
    await page.getByRole('button', { name: 'Need more?' }).click();
    await expect(page.getByTestId('plan-scale').getByText('$999')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/buy-credits');
    await screenshotBothWidths(page, 'buy-credits');

    await growth.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\/sbx_cs_[0-9a-f]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible();
    await expect(page.getByText(/No money moves/)).toBeVisible();
    await expect(page.getByText('Klipt Growth')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the test checkout');
    await screenshotBothWidths(page, 'sandbox-checkout');
    await page.getByRole('button', { name: 'Pay $99.00 (test)' }).click();

    await expect(page).toHaveURL(/\/dashboard\?session_id=sbx_cs_/);
    const notice = page.getByTestId('checkout-notice');
    await expect(notice).toContainText(`Your balance is now ${before + 500} credits`);
    await expect(creditBadge(page)).toContainText(String(before + 500));
    await expectNoSeriousA11yViolations(page, 'the dashboard after checkout');
    await screenshotBothWidths(page, 'dashboard-checkout-notice');

    await creditBadge(page).click();
    await expect(page).toHaveURL('/credits');
    await expect(page.getByRole('heading', { level: 1, name: 'Credit history' })).toBeVisible();
    const rows = page.getByTestId('credit-entry');
    await expect(rows.first()).toContainText('Purchase');
    await expect(rows.first()).toContainText(/Growth plan — [A-Z][a-z]+/);
    await expect(rows.first()).toContainText('+500');
    await expect(rows.last()).toContainText('Welcome grant');
    await expectNoSeriousA11yViolations(page, '/credits');
    await screenshotBothWidths(page, 'credit-history');

    await page.goto('/buy-credits');
    const current = page.getByTestId('current-plan');
    await expect(current).toContainText('Growth');
    await expect(current).toContainText('Active');
    await expect(current).toContainText(/Renews on/);
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
    await expect(page.getByTestId('plan-growth').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await screenshotBothWidths(page, 'buy-credits-subscriber');

    await current.getByRole('button', { name: 'Manage plan' }).click();
    await expect(page).toHaveURL('/billing/sandbox/portal');
    await expect(page.getByTestId('portal-plan')).toContainText('Growth');
    await expect(page.getByTestId('portal-plan')).toContainText('current plan');
    await expectNoSeriousA11yViolations(page, 'the test portal');
    await screenshotBothWidths(page, 'sandbox-portal');

    // A renewal from the portal: the plan's credits a second time.
    await page.getByRole('button', { name: 'Run renewal now' }).click();
    await expect(page.getByText(/Renewal run/)).toBeVisible();
    await expect(creditBadge(page)).toContainText(String(before + 1000));
  });

  test('canceling the test checkout returns to the plans with nothing charged', async ({ page, baseURL }) => {
    await signUpInBrowser(page, baseURL!, uniqueEmail('billing-cancel'));
    await page.goto('/buy-credits');
    const before = await badgeCredits(page);
    await page.getByTestId('plan-starter').getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL('/buy-credits?checkout=canceled');
    await expect(page.getByText('Checkout canceled. You were not charged.')).toBeVisible();
    expect(await badgeCredits(page)).toBe(before);
  });
});
