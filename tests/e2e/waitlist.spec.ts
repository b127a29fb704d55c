import { waitForEmail } from '#test-support/mailbox.ts';
import { expect, expectNoSeriousA11yViolations, hasNoHorizontalOverflow, outboxDir, screenshot, test, viewports } from './fixtures.ts';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test.describe('waitlist', () => {
  test('a visitor joins, sees the success state and receives the confirmation email', async ({ page }) => {
    const email = `seller-${unique()}@example.com`;
    await page.goto('/waitlist');
    await expect(page.getByRole('heading', { name: 'Join the Waitlist' })).toBeVisible();
    await screenshot(page, 'waitlist-desktop');
    await expectNoSeriousA11yViolations(page, 'the waitlist form');

    await page.getByLabel('Name').fill('  Maya Seller ');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Role').selectOption('business');
    await page.getByLabel('Company').fill('Maya Candles');
    await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/maya');
    await page.getByLabel('What images do you need?').fill('Lifestyle shots for 30 candles');
    await page.getByLabel('Which plan are you considering?').selectOption('growth');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();

    await expect(page.getByRole('heading', { name: "You're on the List!" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the waitlist success state');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');

    const mail = await waitForEmail(outboxDir, email);
    expect(mail.subject).toBe("You're on the Klipt waitlist");
    expect(mail.text).toContain('Hi Maya Seller');
  });

  test('submitting without name and email does nothing', async ({ page }) => {
    await page.goto('/waitlist');
    let posted = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/waitlist') && req.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await page.getByLabel('Name').fill('Only A Name');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: 'Join the Waitlist' })).toBeVisible();
    expect(posted).toBe(false);
  });

  test('a second sign-up with the same email is told it is already on the list', async ({ page }) => {
    const email = `twice-${unique()}@example.com`;
    for (let i = 0; i < 2; i++) {
      await page.goto('/waitlist');
      await page.getByLabel('Name').fill('Twice');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    }
    await expect(page.getByText("You're already on the waitlist!")).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the waitlist form with an error');
  });

  test('fits a 360px phone screen', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await page.goto('/waitlist');
    await expect(page.getByRole('heading', { name: 'Join the Waitlist' })).toBeVisible();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'waitlist-phone');
  });
});
