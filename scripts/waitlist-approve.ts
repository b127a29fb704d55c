import { sendEmailJob } from '#server/modules/mail/jobs.ts';
import { openCliRuntime } from './cli-runtime.ts';

// npm run waitlist:approve -- someone@example.com [more@example.com …]
const emails = process.argv.slice(2).filter((a) => a.includes('@'));
if (emails.length === 0) {
  console.error('✖ Usage: npm run waitlist:approve -- someone@example.com [more@example.com …]');
  process.exit(1);
}

const runtime = await openCliRuntime();
let failed = 0;
try {
  for (const address of emails) {
    // The same approval as God Mode's: an entry approved already is not emailed again.
    const { approved, alreadyApproved } = await runtime.services.waitlist.approve({ emails: [address] });
    const [approval] = approved;
    if (approval) {
      // The invitation is queued like every email; it is delivered now rather than at the next server start.
      await runtime.runQueued([sendEmailJob.name]);
      console.log(`✔ Approved ${approval.entry.email} and sent the invitation (${approval.invitationUrl})`);
    } else if (alreadyApproved.length > 0) {
      console.log(`• ${address} was approved already; no new invitation was sent`);
    } else {
      console.error(`✖ ${address} is not on the waitlist`);
      failed++;
    }
  }
} finally {
  await runtime.stop();
}
if (failed > 0) process.exit(1);
