import { processBillingEventJob } from '#server/modules/billing/jobs.ts';
import { sendEmailJob } from '#server/modules/mail/jobs.ts';
import { openCliRuntime } from './cli-runtime.ts';

// npm run billing:renew -- someone@example.com [more@example.com …]
// The test checkout's billing clock: renews each user's plan now, as Stripe does every month.
const emails = process.argv.slice(2).filter((a) => a.includes('@'));
if (emails.length === 0) {
  console.error('✖ Usage: npm run billing:renew -- someone@example.com [more@example.com …]');
  process.exit(1);
}

const runtime = await openCliRuntime();
let failed = 0;
try {
  const sandbox = runtime.services.sandboxBilling;
  if (!sandbox) {
    console.error(
      `✖ Renewals run here only with the built-in test checkout (BILLING_MODE is ${runtime.config.billing.mode}); Stripe renews plans itself.`,
    );
    failed = emails.length;
  }
  for (const address of sandbox ? emails : []) {
    const workspaceId = await sandbox!.renewByEmail(address);
    if (!workspaceId) {
      console.error(`✖ ${address} has no active plan to renew`);
      failed++;
      continue;
    }
    // Fulfilled now like every paid invoice (the same job a running server would run), then the receipt.
    await runtime.runQueued([processBillingEventJob.name]);
    await runtime.runQueued([sendEmailJob.name]);
    console.log(`✔ Renewed the plan of ${address}: balance ${await runtime.services.credits.balance(workspaceId)}`);
  }
} finally {
  await runtime.stop();
}
if (failed > 0) process.exit(1);
