import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { signUpInBrowser, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { screenshot375AndDesktop } from './journey-helpers.ts';

/** What a receiver of the seller's got: the headers and the raw body, as a webhook library would verify them. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The seller's own webhook receiver on 127.0.0.1 (the journey's server allows private targets). */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/klipt/webhooks`, received };
}

/** Standard Webhooks verification, written here from the scheme (not Klipt's code): v1, HMAC-SHA256 of id.timestamp.body. */
function verifiesStandardWebhook(secret: string, { headers, body }: Received): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, value] = entry.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

async function subscribeToScale(page: Page): Promise<void> {
  await page.goto('/buy-credits');
  await page.getByRole('button', { name: 'Need more?' }).click();
  await page.getByTestId('plan-scale').getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('button', { name: 'Pay $999.00 (test)' }).click();
  await expect(page).toHaveURL(/\/dashboard\?session_id=sbx_cs_/);
  await expect(page.getByTestId('checkout-notice')).toContainText('Your balance is now');
}

// Issue 28: the Scale plan's API, from the key in the browser to a signed webhook in the seller's code.
test.describe('API access', () => {
  test('a Scale seller creates and copies a key, adds a webhook endpoint, generates from a script and gets the signed webhook, then revokes the key (401)', async ({
    page,
    baseURL,
    context,
  }) => {
    test.info().setTimeout(120_000);
    await context.grantPermissions(['clipboard-write'], { origin: baseURL! });
    // The page may not read the clipboard (Permissions-Policy clipboard-read=()): record what Copy writes.
    await page.addInitScript(() => {
      const write = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied: string }).copied = text;
        await write(text);
      };
    });
    const receiver = await startReceiver();
    try {
      await signUpInBrowser(page, baseURL!, uniqueEmail('api'));
      await subscribeToScale(page);

      // 1. From the account menu to the empty page.
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('menuitem', { name: 'API & webhooks' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'API & webhooks' })).toBeVisible();
      await expect(page.getByTestId('api-keys-empty')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the empty API & webhooks page');

      // 2. A key, shown once, copied with the button.
      await page.getByRole('button', { name: 'Create API key' }).first().click();
      const keyDialog = page.getByRole('dialog');
      await keyDialog.getByRole('textbox', { name: 'Name' }).fill('Shop backend');
      await keyDialog.getByRole('button', { name: 'Create API key' }).click();
      const secretField = page.getByTestId('api-key-secret');
      await expect(secretField).toHaveValue(/^klipt_sk_/);
      await expectNoSeriousA11yViolations(page, 'the new key, shown once');
      await page.getByRole('dialog').getByRole('button', { name: /^Copy/ }).click();
      await expect(page.getByRole('dialog').getByText('Copied', { exact: true })).toBeVisible();
      const key = await page.evaluate(() => (window as unknown as { copied: string }).copied);
      expect(key).toBe(await secretField.inputValue());
      await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('api-key')).toContainText('Shop backend');

      // 3. An endpoint for the seller's receiver; its signing secret is shown once.
      await page.getByRole('button', { name: 'Add endpoint' }).first().click();
      const endpointDialog = page.getByRole('dialog');
      await endpointDialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
      await endpointDialog.getByRole('textbox', { name: 'Description' }).fill('Order system');
      for (const event of ['Generation succeeded', 'Generation failed']) {
        const box = endpointDialog.getByRole('checkbox', { name: new RegExp(event) });
        if (!(await box.isChecked())) await box.check();
      }
      await endpointDialog.getByRole('button', { name: 'Add endpoint' }).click();
      const signingSecret = await page.getByTestId('webhook-secret').inputValue();
      expect(signingSecret).toMatch(/^whsec_/);
      await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('webhook-endpoint')).toContainText(receiver.url);

      // 4. The seller's script: pick a model, generate with an Idempotency-Key, send the same request again.
      const api = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
        fetch(`${baseURL}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
      const models = (await (await api('/api/models/standard')).json()) as { models: { id: string; mode: string }[] };
      const model = models.models.find((m) => m.mode === 'text')!;
      const request = () =>
        api('/api/generations', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'order-1042-hero' },
          body: JSON.stringify({ modelType: 'standard', modelId: model.id, prompt: 'red sneaker on white marble', aspectRatio: '1:1' }),
        });
      const first = await request();
      expect(first.status).toBe(202);
      const job = (await first.json()) as { id: string };
      const again = await request();
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as { id: string }).id).toBe(job.id);

      // 5. The signed webhook reaches the receiver; an independent check of the signature passes.
      await expect.poll(() => receiver.received.find((r) => r.body.includes(job.id)), { timeout: 60_000 }).toBeTruthy();
      const delivery = receiver.received.find((r) => r.body.includes(job.id))!;
      expect(verifiesStandardWebhook(signingSecret, delivery)).toBe(true);
      expect(verifiesStandardWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, delivery)).toBe(false);
      const event = JSON.parse(delivery.body) as { type: string; data: { generationId: string; klipId: string } };
      expect(event).toMatchObject({ type: 'generation.succeeded', data: { generationId: job.id } });

      // 6. The key's card says when and from where it was last used; the delivery log shows the webhook.
      await page.reload();
      await expect(page.getByTestId('api-key')).toContainText(/Last used .* from 127\.0\.0\.1/);
      await page.getByRole('button', { name: /^Deliveries/ }).click();
      const log = page.getByTestId('webhook-deliveries');
      await expect(log.getByTestId('webhook-delivery').first()).toContainText('Succeeded');
      await expectNoSeriousA11yViolations(page, 'the delivery log');
      await screenshot375AndDesktop(page, 'api-webhooks');

      // 7. The docs page tries a call with the key (its Authorize dialog), from this signed-in browser: the key alone is sent.
      // The operation's deep link opens it (the page renders only what is in view).
      await page.goto('/api/docs/#/credits/getCreditsBalance');
      const balance = page.locator('#operations-credits-getCreditsBalance');
      await expect(balance).toHaveClass(/is-open/);
      // Swagger UI draws only what is in view, and the sections above still grow as they render:
      // bring the operation back into view before its own lock opens the Authorize dialog.
      const lock = balance.locator('.authorization__btn');
      await expect(async () => {
        await balance.scrollIntoViewIfNeeded();
        await lock.click({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      const authorize = page.locator('.auth-container').filter({ has: page.locator('#auth-bearer-value') });
      await authorize.locator('#auth-bearer-value').fill(key);
      await authorize.getByRole('button', { name: 'Apply credentials' }).click();
      await page.locator('.modal-ux').getByRole('button', { name: 'Close' }).last().click();
      await balance.getByRole('button', { name: 'Try it out' }).click();
      await balance.getByRole('button', { name: 'Execute' }).click();
      await expect(balance.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
      await page.goto('/developers');

      // 8. Revoked: the script's next request is refused.
      await page.getByRole('button', { name: 'Revoke Shop backend' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
      await expect(page.getByTestId('api-key')).toContainText('Revoked');
      const refused = await api('/api/credits/balance');
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('INVALID_API_KEY');
    } finally {
      receiver.server.close();
    }
  });
});
