import type { Page } from '@playwright/test';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { e2eAdmin, e2eSuperlikeWebhook } from '../../playwright.config.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from '#server/modules/admin/klips/webhook-signature.ts';
import { waitForEmail } from '#test-support/mailbox.ts';
import { screenshotBothWidths, signInWithForm, signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, outboxDir, test } from './fixtures.ts';
import { badgeCredits, expectPreviewLoaded, generateButton, promptBox } from './image-studio-helpers.ts';

const RUN = Date.now().toString(36);
const PROMPT = `Ceramic mug on a walnut desk, god mode ${RUN}`;

interface Delivery {
  verified: boolean;
  body: { imageId: string; prompt: string; modelName: string; imageUrl: string; imageBase64: string | null };
}

/** The automation endpoint a superlike is sent to: it checks each delivery's signature like a real receiver would. */
async function startReceiver(): Promise<{ deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const verified = verifyWebhook({
        secret: e2eSuperlikeWebhook.secret,
        body: raw,
        timestamp: req.headers[TIMESTAMP_HEADER.toLowerCase()] as string | undefined,
        signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined,
      });
      deliveries.push({ verified, body: JSON.parse(raw.toString('utf8')) as Delivery['body'] });
      res.writeHead(verified ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(e2eSuperlikeWebhook.port, '127.0.0.1', resolve));
  return { deliveries, server };
}

/** The figure a stat card shows under its label. */
const statValue = (page: Page, label: string) =>
  page
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('> dd');

/** Both widths from the top of the page (a full-page shot of a scrolled page draws the sticky header mid-way). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotBothWidths(page, name);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test.describe('God Mode', () => {
  // A step that cannot happen fails in seconds, not at the end of the journey's budget.
  test.use({ actionTimeout: 20_000 });

  test('stats → gallery by user and type → superlike (signed webhook) → known issues → waitlist approval → grant credits → workspaces → deactivate a model', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const receiver = await startReceiver();
    try {
      // The seed: a seller with one image, and a waitlist entry.
      const sellerEmail = uniqueEmail('gm-seller');
      const sellerContext = await browser.newContext({ baseURL });
      const seller = await sellerContext.newPage();
      await signUpInBrowser(seller, baseURL!, sellerEmail);
      await seller.goto('/create/image');
      await promptBox(seller).fill(PROMPT);
      await generateButton(seller).click();
      await expectPreviewLoaded(seller);

      const waitlistEmail = uniqueEmail('gm-waitlist');
      const waitlistName = `Wanda ${RUN}`;
      const joined = await page.request.post('/api/waitlist', {
        headers: { origin: new URL(baseURL!).origin },
        data: { name: waitlistName, email: waitlistEmail },
      });
      expect(joined.status(), await joined.text()).toBe(201);

      // 1. God Mode from the user menu; the cards show what the server counts, the seed included.
      await signInWithForm(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL('/dashboard');
      await page.getByRole('button', { name: /admin/i }).first().click();
      await page.getByRole('menuitem', { name: /God Mode/ }).click();
      await expect(page).toHaveURL('/super-admin');
      await expect(page.getByRole('heading', { level: 1, name: 'God Mode' })).toBeVisible();
      const stats = (await (await page.request.get('/api/admin/stats')).json()) as Record<string, number>;
      const credits = (await (await page.request.get('/api/admin/credit-stats')).json()) as Record<string, number>;
      expect(stats['newUsers']).toBeGreaterThanOrEqual(2);
      expect(stats['totalImages']).toBeGreaterThanOrEqual(1);
      expect(credits['total_credits_used']).toBeGreaterThanOrEqual(1);
      await expect(statValue(page, 'Total users')).toHaveText(stats['totalUsers']!.toLocaleString('en-US'));
      await expect(statValue(page, 'New users (7 days)')).toHaveText(stats['newUsers']!.toLocaleString('en-US'));
      await expect(statValue(page, 'Total klips')).toHaveText(stats['totalImages']!.toLocaleString('en-US'));
      await expect(statValue(page, 'Credits used')).toHaveText(credits['total_credits_used']!.toLocaleString('en-US'));
      await expect(page.getByRole('img', { name: /generations/i })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'God Mode overview');
      await shoot(page, 'god-mode-overview');

      // 2. The gallery, filtered to the seller's images.
      await openTab(page, 'Klips Gallery');
      await page.getByRole('combobox', { name: 'Filter by user' }).fill(sellerEmail.slice(0, 12));
      await page.getByRole('option', { name: new RegExp(sellerEmail) }).click();
      await page.getByRole('button', { name: /Advanced filters/ }).click();
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Image' });
      await expect(page).toHaveURL(/type=image/);
      const card = page.getByRole('article', { name: PROMPT });
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(card).toContainText(sellerEmail);

      // 3. Superlike: counted on the card, and delivered signed to the automation endpoint.
      await card.getByRole('button', { name: 'Superlike: 0' }).click();
      await expect(card.getByRole('button', { name: 'Superlike: 1' })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => receiver.deliveries.length, { timeout: 30_000 }).toBe(1);
      const [delivery] = receiver.deliveries;
      expect(delivery!.verified).toBe(true);
      expect(delivery!.body.prompt).toBe(PROMPT);
      expect(delivery!.body.imageUrl).toMatch(/^http:\/\/localhost:\d+\//);
      expect(Buffer.from(delivery!.body.imageBase64 ?? '', 'base64').length).toBeGreaterThan(1000);
      await expectNoSeriousA11yViolations(page, 'God Mode klips gallery');
      await shoot(page, 'god-mode-gallery');

      // 4. Known Issues: add (blank ignored), edit, delete — stored for every admin.
      await page.getByRole('button', { name: /^Known Issues/ }).click();
      const issueBox = page.getByRole('textbox', { name: 'New known issue' });
      await issueBox.fill('   ');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const issue = `Video previews stall on Safari ${RUN}`;
      await issueBox.fill(issue);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByText(issue)).toBeVisible();
      await page.reload();
      await page.getByRole('button', { name: /^Known Issues/ }).click();
      await expect(page.getByText(issue)).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Known Issues panel');
      await shoot(page, 'god-mode-known-issues');
      const item = page.getByRole('listitem').filter({ hasText: issue });
      await item.getByRole('button', { name: 'Edit' }).click();
      const edited = `${issue} (fixed in 1.2)`;
      await page.getByRole('textbox', { name: 'Edit known issue' }).fill(edited);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(edited)).toBeVisible();
      await page.getByRole('listitem').filter({ hasText: edited }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Delete' }).last().click();
      await expect(page.getByText(edited)).toHaveCount(0);
      await page.getByRole('button', { name: 'Close Known Issues' }).click();

      // 5. Waitlist: approve the entry → the invitation is sent.
      await openTab(page, 'Waitlist');
      await expect(page.getByText(waitlistEmail)).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'God Mode waitlist');
      await shoot(page, 'god-mode-waitlist');
      await page.getByRole('button', { name: `Approve ${waitlistName}` }).click();
      await expectNoSeriousA11yViolations(page, 'God Mode approve dialog');
      await page.getByRole('button', { name: 'Approve and send invitation' }).click();
      await expect(page.getByText(/Approved 1 — invitations sent/)).toBeVisible();
      const invitation = await waitForEmail(outboxDir, waitlistEmail, 'Your Klipt beta spot is ready');
      expect(invitation.links[0]).toContain('invite=1');

      // 6. Users: grant the seller 50 credits → their badge shows it.
      await seller.goto('/dashboard');
      const before = await badgeCredits(seller);
      await openTab(page, 'Users');
      await page
        .getByRole('searchbox', { name: 'Search users' })
        .or(page.getByRole('textbox', { name: 'Search users' }))
        .fill(sellerEmail);
      await page.getByRole('button', { name: `Adjust credits: ${sellerEmail}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('spinbutton', { name: 'Credits' }).fill('50');
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Beta feedback call');
      await dialog.getByRole('button', { name: 'Grant credits' }).click();
      await expect(dialog).toContainText(`Granted 50 credits. New balance: ${before + 50} credits.`);
      await expectNoSeriousA11yViolations(page, 'God Mode adjust credits');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await seller.reload();
      await expect.poll(() => badgeCredits(seller)).toBe(before + 50);
      await shoot(page, 'god-mode-users');

      // 6b. Workspaces: the seller's personal workspace, with no plan, one seat and the granted balance.
      await openTab(page, 'Workspaces');
      await page.getByRole('searchbox', { name: 'Search workspaces' }).fill(sellerEmail);
      // The unfiltered rows stay, dimmed and busy, until the search answers: wait for the answer (one row, not busy).
      await expect(page.getByTestId('admin-workspace')).toHaveCount(1);
      await expect(page.getByRole('list', { name: 'Workspaces' })).not.toHaveAttribute('aria-busy', 'true');
      const workspaces = page.getByTestId('admin-workspace').filter({ hasText: sellerEmail });
      await expect(workspaces).toHaveCount(1);
      await expect(workspaces.getByTestId('plan')).toHaveText('No plan');
      await expect(workspaces.getByTestId('seats')).toHaveText('1 of 1');
      await expect(workspaces.getByTestId('balance')).toHaveText((before + 50).toLocaleString('en-US'));
      await expectNoSeriousA11yViolations(page, 'God Mode workspaces');
      await shoot(page, 'god-mode-workspaces');

      // 7. Models: deactivate KliptFit → gone from the editor; back on afterwards.
      await openTab(page, 'Models');
      const fit = page.getByRole('switch', { name: 'Active KliptFit' });
      await fit.click();
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await expect(fit).toHaveAttribute('aria-checked', 'false');
      await seller.goto('/create/image');
      await expect(seller.getByRole('radio', { name: /Klipt Ultra 1\.1/ })).toBeVisible();
      await expect(seller.getByRole('radio', { name: /KliptFit/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'God Mode models');
      await shoot(page, 'god-mode-models');
      await fit.click();
      await expect(fit).toHaveAttribute('aria-checked', 'true');
      await seller.reload();
      await expect(seller.getByRole('radio', { name: /KliptFit/ })).toBeVisible();

      // 8. The activity log recorded it all.
      await openTab(page, 'Activity');
      for (const [type, text] of [
        ['Webhook delivered', /Webhook delivered/],
        ['Credit adjustment', new RegExp(sellerEmail)],
        ['Waitlist approval', new RegExp(waitlistEmail)],
        ['Model toggled', /KliptFit/],
      ] as const) {
        await page.getByLabel('Type').selectOption({ label: type });
        await expect(page.getByRole('list', { name: 'Activity log' }).getByText(text).first()).toBeVisible();
      }
      await page.getByLabel('Type').selectOption({ label: 'All types' });
      await expectNoSeriousA11yViolations(page, 'God Mode activity');
      await shoot(page, 'god-mode-activity');
      await sellerContext.close();
    } finally {
      receiver.server.close();
    }
  });
});
