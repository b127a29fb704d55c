import type { Browser, Page } from '@playwright/test';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { IMAGE_COST } from '#contracts/generation.ts';
import { emailLink, PASSWORD, screenshotBothWidths, signUpInBrowser, uniqueEmail, verificationLink } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { badgeCredits, creditBadge, expectPreviewLoaded, generateButton, promptBox } from './image-studio-helpers.ts';

const TEAM = 'Candle Co. marketing';
const JONAS = 'Jonas Weber';
const PROMPT = 'Hand-poured soy candle on a linen cloth, warm window light';

const switcher = (page: Page) => page.getByTestId('workspace-switcher');
const invitationLink = (to: string) => emailLink(to, `invited you to ${TEAM}`);

/** Uncaught errors in the colleagues' pages (the fixture watches only the owner's). */
const colleagueErrors: string[] = [];

/** A colleague's own browser: a new context, so their session never mixes with the owner's. */
async function colleaguePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => colleagueErrors.push(err.message));
  return page;
}

/** Picks a workspace in the header's switcher and waits for the switch. */
async function switchTo(page: Page, name: string): Promise<void> {
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: new RegExp(name) }).click();
  await expect(switcher(page)).toHaveAttribute('aria-label', `Workspace: ${name}`);
}

// Issue 26: a plan moved to a team, two colleagues invited and joining, one team balance, one team library.
test.describe('teams', () => {
  test('a seller moves their Growth plan to a new team, two colleagues join and spend its credits, the seat limit holds, a removed member is out', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.info().setTimeout(240_000);
    const ownerEmail = uniqueEmail('team-owner');
    await signUpInBrowser(page, baseURL!, ownerEmail);

    // 1. Growth for the personal workspace, through the sandbox checkout.
    await page.goto('/buy-credits');
    await page.getByTestId('plan-growth').getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('button', { name: 'Pay $99.00 (test)' }).click();
    await expect(page).toHaveURL(/\/dashboard\?session_id=sbx_cs_/);
    await expect(page.getByTestId('checkout-notice')).toContainText('Your balance is now');
    const personalCredits = await badgeCredits(page);

    // 2. A team from the switcher: the owner lands on its settings, with inviting locked (no plan yet).
    await switcher(page).click();
    const menu = page.getByRole('menu', { name: 'Workspace: Personal' });
    await expect(menu.getByRole('menuitemradio', { name: /Personal/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the workspace switcher');
    await screenshotBothWidths(page, 'workspace-switcher');
    await menu.getByRole('menuitem', { name: 'Create team' }).click();
    const create = page.getByRole('dialog', { name: 'Create team' });
    await create.getByLabel('Team name').fill(TEAM);
    await expectNoSeriousA11yViolations(page, 'the Create team dialog');
    await screenshotBothWidths(page, 'create-team-dialog');
    await create.getByRole('button', { name: 'Create team' }).click();
    await expect(page).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
    const teamId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
    await expect(switcher(page)).toHaveAttribute('aria-label', `Workspace: ${TEAM}`);
    await expect(creditBadge(page)).toHaveAttribute('aria-label', '0 credits available');
    const locked = page.getByTestId('invite-locked');
    await expect(locked.getByRole('link', { name: 'Upgrade to Growth' })).toBeVisible();
    await expect(page.getByTestId('plan-and-seats')).toContainText('No plan');
    await expectNoSeriousA11yViolations(page, 'the team settings without a plan');
    await screenshotBothWidths(page, 'team-settings-locked');

    // The owner moves their Growth plan here: Growth, 3 seats, inviting unlocked.
    await page.getByRole('button', { name: 'Move my Growth plan to this team' }).click();
    const move = page.getByRole('dialog', { name: `Move your Growth plan to ${TEAM}?` });
    await move.getByRole('button', { name: 'Move plan' }).click();
    await expect(move).toBeHidden();
    await expect(page.getByTestId('plan-and-seats')).toContainText('Growth');
    await expect(page.getByTestId('seats')).toHaveText('1 of 3 seats used');
    await expect(locked).toHaveCount(0);
    await expect(page.getByTestId('move-plan')).toHaveCount(0);
    await expect(switcher(page)).toHaveAttribute('aria-label', `Workspace: ${TEAM}`);
    // The badge is the team's balance: the credits already paid stayed personal; the next renewal pays the team.
    await expect(creditBadge(page)).toHaveAttribute('aria-label', '0 credits available');
    await page.goto('/buy-credits');
    await expect(page.getByTestId('current-plan')).toContainText('Growth');
    await page.getByTestId('current-plan').getByRole('button', { name: 'Manage plan' }).click();
    await page.getByRole('button', { name: 'Run renewal now' }).click();
    await expect(creditBadge(page)).toHaveAttribute('aria-label', '500 credits available');

    // 3. Two invitations; both emails arrive.
    const jonasEmail = uniqueEmail('team-jonas');
    const leaEmail = uniqueEmail('team-lea');
    await page.goto(`/teams/${teamId}`);
    const inviteForm = page.getByRole('form', { name: 'Invite a member' });
    for (const email of [jonasEmail, leaEmail]) {
      await inviteForm.getByLabel('Email').fill(email);
      await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    }
    await expect(page.getByTestId('seats')).toHaveText('3 of 3 seats used');
    await expectNoSeriousA11yViolations(page, 'the team settings with invitations');
    // From the top: the sticky header would otherwise be drawn where the form scrolled the page to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotBothWidths(page, 'team-settings');
    const [jonasLink, leaLink] = await Promise.all([invitationLink(jonasEmail), invitationLink(leaEmail)]);

    // Jonas has no account: the invitation page → Create account → verify → onboarding → back to accept.
    const jonas = await colleaguePage(browser, baseURL!);
    await jonas.goto(jonasLink);
    await expect(jonas.getByRole('heading', { level: 1, name: `Join ${TEAM} on Klipt` })).toBeVisible();
    await expect(jonas.getByText(`This invitation is for ${jonasEmail}.`)).toBeVisible();
    await expectNoSeriousA11yViolations(jonas, 'the invitation page');
    await screenshotBothWidths(jonas, 'invitation');
    await jonas.getByRole('link', { name: 'Create an account to accept' }).click();
    await expect(jonas.getByLabel('Email')).toHaveValue(jonasEmail);
    await jonas.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await jonas.getByLabel('Confirm password').fill(PASSWORD);
    await jonas.getByRole('button', { name: 'Create account' }).click();
    await expect(jonas.getByText(/Account created successfully/)).toBeVisible();
    await jonas.goto(await verificationLink(jonasEmail));
    await expect(jonas).toHaveURL('/onboarding');
    await jonas.getByLabel('Display name').fill(JONAS);
    await jonas.getByRole('button', { name: 'Save and continue' }).click();
    await expect(jonas).toHaveURL(/\/invitations\//);
    await expect(jonas.getByText(`You are signed in as ${jonasEmail}.`)).toBeVisible();
    await jonas.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(jonas).toHaveURL('/dashboard');
    await expect(switcher(jonas)).toHaveAttribute('aria-label', `Workspace: ${TEAM}`);

    // Lea's account exists already: she accepts signed in.
    const lea = await colleaguePage(browser, baseURL!);
    await signUpInBrowser(lea, baseURL!, leaEmail);
    await lea.goto(leaLink);
    await lea.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(lea).toHaveURL('/dashboard');
    await expect(switcher(lea)).toHaveAttribute('aria-label', `Workspace: ${TEAM}`);

    await page.reload();
    await expect(page.getByTestId('member')).toHaveCount(3);
    await expect(page.getByTestId('seats')).toHaveText('3 of 3 seats used');

    // 4. Jonas makes an image in the team: the team's balance pays, his own stays.
    await jonas.goto('/create/image');
    await expect(creditBadge(jonas)).toHaveAttribute('aria-label', '500 credits available');
    await promptBox(jonas).fill(PROMPT);
    await generateButton(jonas).click();
    await expectPreviewLoaded(jonas);
    await expect(creditBadge(jonas)).toHaveAttribute('aria-label', `${500 - IMAGE_COST} credits available`);
    await switchTo(jonas, 'Personal');
    await expect(creditBadge(jonas)).toHaveAttribute('aria-label', '10 credits available');

    // 5. The owner's team library shows the klip and who made it.
    await page.goto('/dashboard');
    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${500 - IMAGE_COST} credits available`);
    await expect(page.getByText(`by ${JONAS}`).first()).toBeVisible({ timeout: 30_000 });
    await switchTo(page, 'Personal');
    await expect(creditBadge(page)).toHaveAttribute('aria-label', `${personalCredits} credits available`);
    await expect(page.getByText(`by ${JONAS}`)).toHaveCount(0);
    await switchTo(page, TEAM);

    // 6. Every seat is taken: a fourth invitation is refused with the seat message.
    await page.goto(`/teams/${teamId}`);
    await inviteForm.getByLabel('Email').fill(uniqueEmail('team-kim'));
    await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
    await expect(inviteForm.getByRole('alert')).toContainText(entitlementMessages.seatLimit(3));

    // 7. The owner removes Lea: her next request on the team is a 404, and the team leaves her switcher.
    const leaName = leaEmail.split('@')[0]!;
    await page.getByRole('button', { name: `Remove ${leaName}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${leaName}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText(`${leaName} was removed from the team.`)).toBeVisible();
    await expect(page.getByTestId('member')).toHaveCount(2);
    expect((await lea.request.get(`/api/workspaces/${teamId}`)).status()).toBe(404);
    await lea.reload();
    await switcher(lea).click();
    await expect(lea.getByRole('menuitemradio', { name: /Personal/ })).toBeVisible();
    await expect(lea.getByRole('menuitemradio', { name: new RegExp(TEAM) })).toHaveCount(0);

    await jonas.context().close();
    await lea.context().close();
    expect(colleagueErrors, "uncaught errors in the colleagues' pages").toEqual([]);
  });
});
