import { request, type Locator } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { pngImage } from '#test-support/images.ts';
import {
  createVerifiedAccount,
  emailLink,
  PASSWORD,
  screenshotBothWidths,
  signInWithForm,
  signUpInBrowser,
  uniqueEmail,
  verificationLink,
} from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test, viewports } from './fixtures.ts';

/** Each place the text of `locator` wraps onto a new line, as the characters either side of it ('example.c|om'). */
function lineBreaksInside(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const wraps: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let lastTop: number | null = null;
    let before = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== null && top > lastTop + 1) wraps.push(`${before}|${text[i]}`);
        lastTop = top;
        before = text[i]!;
      }
    }
    return wraps;
  });
}

// Each test uses its own fresh accounts (10 sign-ups and 9 sign-ins in all). Every request comes from
// 127.0.0.1, so the per-address limits count the whole run: playwright.config.ts scales them up.

test.describe('accounts', () => {
  test('sign-up, confirm by email, complete the profile, reach the dashboard with 10 credits', async ({ page }) => {
    const email = uniqueEmail('new-seller');
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('Sign in — Klipt');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await expect(page).toHaveTitle('Create account — Klipt');
    await screenshotBothWidths(page, 'sign-up');
    await expectNoSeriousA11yViolations(page, 'the sign-up form');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Sign-up does not sign in: the form says to check the inbox, and the emailed link signs in.
    await expect(
      page.getByText('Account created successfully! Please check your email to verify your account before continuing.'),
    ).toBeVisible();
    await expect(page).toHaveURL('/auth/login');
    await expect(page.getByText(email)).toBeVisible();
    await screenshotBothWidths(page, 'sign-up-sent');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'the sign-up notice');

    await page.goto(await verificationLink(email));
    await expect(page).toHaveURL('/onboarding');
    await expect(page.getByRole('heading', { name: 'Welcome to Klipt — you have 10 free credits to start' })).toBeVisible();
    const name = page.getByLabel('Display name');
    await expect(name).toHaveValue(email.split('@')[0]!);
    await screenshotBothWidths(page, 'onboarding');
    await expectNoSeriousA11yViolations(page, 'onboarding');

    await name.fill('New Seller');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('credit-badge')).toContainText('10');
    await expect(page.getByRole('button', { name: 'Account menu for New Seller' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the dashboard');
  });

  test('sign-in: a wrong password shows the exact error box; the right one opens the dashboard', async ({ page, baseURL }) => {
    const email = uniqueEmail('returning');
    await createVerifiedAccount(baseURL!, email);

    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await screenshotBothWidths(page, 'sign-in');
    await expectNoSeriousA11yViolations(page, 'the sign-in form');

    await signInWithForm(page, email, 'not my password');
    const box = page.getByRole('alert');
    await expect(box).toContainText('Unable to sign in');
    await expect(box).toContainText('Invalid login credentials. Please check your email and password.');
    await expectNoSeriousA11yViolations(page, 'the sign-in form with an error');
    await expect(page).toHaveURL('/auth/login');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('credit-badge')).toContainText('10');
  });

  test('forgot password: email, reset link, mismatch, new password, back home, sign in with it', async ({ page, baseURL }) => {
    const email = uniqueEmail('forgetful');
    const newPassword = 'a brand new passphrase';
    await createVerifiedAccount(baseURL!, email);

    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Please enter your email address first.')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Password reset email sent! Please check your inbox.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the sign-in form after a reset email');

    await page.goto(await emailLink(email, 'Reset your Klipt password'));
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
    await expect(page).toHaveTitle('Reset password — Klipt');
    await screenshotBothWidths(page, 'reset-password');
    await expectNoSeriousA11yViolations(page, 'the reset-password form');

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something else entirely');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the reset-password form with an error');

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully! Redirecting to login...')).toBeVisible();
    await expect(page).toHaveURL('/');

    await signInWithForm(page, email, newPassword);
    await expect(page).toHaveURL('/dashboard');
  });

  test('profile: edit name, bio and a social link, upload an avatar; the header follows', async ({ page, baseURL }) => {
    const email = uniqueEmail('profile');
    await signUpInBrowser(page, baseURL!, email);
    await page.goto('/profile');
    await expect(page).toHaveTitle('Profile — Klipt');
    const name = page.getByLabel('Display name');
    await expect(name).toHaveValue(email.split('@')[0]!);
    await expect(page.getByText(email, { exact: true }).first()).toBeVisible();

    await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngImage(256, 256, 3) });
    const pageAvatar = page.getByRole('main').locator('img');
    await expect(pageAvatar).toHaveAttribute('src', /^\/files\/avatars\//);
    await expect(page.getByRole('button', { name: /^Account menu for/ }).locator('img')).toHaveAttribute('src', /^\/files\/avatars\//);
    // The stored avatar really is an image the browser can show.
    await expect.poll(() => pageAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await name.fill('Maya Candles');
    await page.getByLabel('Bio').fill('Hand-poured soy candles from Austin.');
    await page.getByRole('tab', { name: 'Social Links' }).click();
    await page.getByLabel('Instagram').fill('https://instagram.com/mayacandles');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the profile social links');
    await expect(page.getByRole('button', { name: 'Account menu for Maya Candles' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Maya Candles');
    await expect(page.getByLabel('Bio')).toHaveValue('Hand-poured soy candles from Austin.');
    await page.getByRole('tab', { name: 'Social Links' }).click();
    await expect(page.getByLabel('Instagram')).toHaveValue('https://instagram.com/mayacandles');
    await page.getByRole('tab', { name: 'Profile Details' }).click();
    await screenshotBothWidths(page, 'profile');
    await expectNoSeriousA11yViolations(page, 'the profile');
  });

  test('guards send each visitor where they belong', async ({ page, baseURL }) => {
    for (const path of ['/dashboard', '/profile', '/super-admin']) {
      await page.goto(path);
      await expect(page, `signed out on ${path}`).toHaveURL('/');
    }

    await signUpInBrowser(page, baseURL!, uniqueEmail('unconfirmed'), { verified: false });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/auth/verify-email');
    await page.goto('/profile');
    await expect(page).toHaveURL('/auth/verify-email');

    await page.context().clearCookies();
    await signUpInBrowser(page, baseURL!, uniqueEmail('member'));
    for (const path of ['/super-admin', '/auth/create-super-admin']) {
      await page.goto(path);
      await expect(page, `non-admin on ${path}`).toHaveURL('/dashboard');
    }
    await page.goto('/');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/auth/login');
    await expect(page).toHaveURL('/dashboard');
  });

  test('the verify page moves on when the email is confirmed in another tab', async ({ page, context, baseURL }) => {
    const email = uniqueEmail('sam.seller.other-tab');
    await signUpInBrowser(page, baseURL!, email, { verified: false });
    await page.goto('/auth/verify-email');
    await expect(page.getByText(email)).toBeVisible();
    // At phone width the address wraps only before '@' or '.' (or after a hyphen), never inside a word.
    await page.setViewportSize(viewports.phone);
    for (const wrap of await lineBreaksInside(page.getByText(email))) expect(wrap).toMatch(/^(.\|[@.]|-\|.)$/);
    await screenshotBothWidths(page, 'verify-email');
    await expectNoSeriousA11yViolations(page, 'the verify-email page');

    const otherTab = await context.newPage();
    await otherTab.goto(await verificationLink(email));
    await expect(otherTab).toHaveURL('/onboarding');

    // Nobody touches the first tab: its 3-second check notices the confirmation.
    await expect(page).toHaveURL('/onboarding');
    await expect(page.getByRole('heading', { name: /Welcome to Klipt/ })).toBeVisible();
  });

  test('an address someone else signed up: its owner chooses the password when confirming, the other one stops working', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('pre-registered');
    const origin = new URL(baseURL!).origin;
    // Someone signs up with the owner's address and a password of their own, and signs in.
    const stranger = await request.newContext({ baseURL: baseURL!, extraHTTPHeaders: { origin } });
    try {
      const strangerPassword = 'the stranger chose this';
      const signedUp = await stranger.post('/api/auth/sign-up/email', {
        data: { email, password: strangerPassword, confirmPassword: strangerPassword },
      });
      expect(signedUp.status(), await signedUp.text()).toBe(200);
      expect((await stranger.post('/api/auth/sign-in/email', { data: { email, password: strangerPassword } })).status()).toBe(200);

      // The owner opens the emailed link in their own browser: the verify page asks for a password.
      await page.goto(await verificationLink(email));
      await expect(page).toHaveURL(/\/auth\/verify-email\?token=/);
      await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await screenshotBothWidths(page, 'verify-email-choose-password');
      await expectNoSeriousA11yViolations(page, 'the verify page choosing a password');

      await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm new password').fill('not the same');
      await page.getByRole('button', { name: 'Confirm email and sign in' }).click();
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the verify page choosing a password, with an error');
      await page.getByLabel('Confirm new password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Confirm email and sign in' }).click();
      await expect(page).toHaveURL('/onboarding');

      // The stranger's session is gone and their password no longer works.
      expect((await stranger.get('/api/me')).status()).toBe(401);
      expect((await stranger.post('/api/auth/sign-in/email', { data: { email, password: strangerPassword } })).status()).toBe(401);
    } finally {
      await stranger.dispose();
    }
  });

  test('an emailed sign-in link signs the owner in on this device, once', async ({ page, baseURL }) => {
    const email = uniqueEmail('link-sign-in');
    await createVerifiedAccount(baseURL!, email);
    // The sign-in form offers it when a limit refuses the password; here it is asked for directly.
    const asked = await page.request.post('/api/auth/sign-in-link', { headers: { origin: new URL(baseURL!).origin }, data: { email } });
    expect(asked.status()).toBe(200);

    const link = await emailLink(email, 'sign-in link');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Sign in with your emailed link' })).toBeVisible();
    await screenshotBothWidths(page, 'sign-in-link');
    await expectNoSeriousA11yViolations(page, 'the emailed sign-in link page');
    await page.getByRole('button', { name: 'Sign in on this device' }).click();
    await expect(page).toHaveURL('/dashboard');

    // Used: the same link does not sign in again.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in on this device' }).click();
    await expect(page.getByRole('alert')).toContainText('This sign-in link is invalid, expired or already used.');
    await expectNoSeriousA11yViolations(page, 'the emailed sign-in link page, used');
  });

  test('sign out from the user menu', async ({ page, baseURL }) => {
    await signUpInBrowser(page, baseURL!, uniqueEmail('leaving'));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expectNoSeriousA11yViolations(page, 'the open account menu');
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/');
  });

  test('a super admin sees Super Admin and God Mode, and creates another super admin', async ({ page }) => {
    // The server starts with this first super admin (playwright.config.ts passes ADMIN_EMAIL/ADMIN_PASSWORD).
    await signInWithForm(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL('/dashboard');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menu').getByText('Super Admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'God Mode' })).toBeVisible();
    await page.keyboard.press('Escape');

    const newAdmin = uniqueEmail('second-admin');
    await page.goto('/auth/create-super-admin');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveValue('');
    await page.getByLabel('Email').fill(newAdmin);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create super admin' }).click();
    await expect(page.getByText('Super admin created')).toBeVisible();
    await expect(page.getByText(`${newAdmin} can now sign in as a super admin.`)).toBeVisible();
    await screenshotBothWidths(page, 'create-super-admin');
    await expectNoSeriousA11yViolations(page, 'create super admin');

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await signInWithForm(page, newAdmin);
    await expect(page).toHaveURL('/dashboard');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'God Mode' })).toBeVisible();
  });
});
