import { request, type Page } from '@playwright/test';
import { waitForEmail } from '#test-support/mailbox.ts';
import { expect, hasNoHorizontalOverflow, outboxDir, screenshot, viewports } from './fixtures.ts';

export const PASSWORD = 'correct horse battery';

/** A fresh address per test, so tests never share an account (or a per-email rate limit). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The link of the newest email to `to` whose subject contains `subject`. */
export async function emailLink(to: string, subject: string): Promise<string> {
  const mail = await waitForEmail(outboxDir, to, subject);
  const link = mail.links[0];
  if (!link) throw new Error(`no link in "${mail.subject}" to ${to}`);
  return link;
}

export function verificationLink(to: string): Promise<string> {
  return emailLink(to, 'Verify your email');
}

/**
 * Signs up through the API with the page's cookie jar, then signs the browser in the way a new user
 * would: by following the verification link (the default), or, for an unconfirmed account, with the
 * password (sign-up itself never signs in).
 */
export async function signUpInBrowser(page: Page, baseURL: string, email: string, options: { verified?: boolean } = {}): Promise<void> {
  const origin = { origin: new URL(baseURL).origin };
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: origin,
    data: { email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  if (options.verified ?? true) {
    const verified = await page.request.get(await verificationLink(email));
    expect(verified.ok()).toBe(true);
  } else {
    const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: origin, data: { email, password: PASSWORD } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
  }
}

/** A verified account created outside the browser: the page under test stays signed out. */
export async function createVerifiedAccount(baseURL: string, email: string): Promise<void> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
  try {
    const res = await api.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(res.status(), await res.text()).toBe(200);
    expect((await api.get(await verificationLink(email))).ok()).toBe(true);
  } finally {
    await api.dispose();
  }
}

/** Signs in through the form of /auth/login. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Full-page screenshots at phone and desktop width, checking the phone layout never scrolls sideways. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize(viewports.phone);
  expect(await hasNoHorizontalOverflow(page), `${name} overflows a 360px screen`).toBe(true);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(viewports.desktop);
  await screenshot(page, `${name}-desktop`);
}
