import { invitationEmail } from '../src/server/modules/mail/templates.ts';
import { setWaitlistStatus } from '../src/server/modules/waitlist/repo.ts';
import { createEmailFromConfig } from '../src/server/providers/email/index.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { paths } from '../src/contracts/paths.ts';
import { openCliDatabase } from './cli-database.ts';

// npm run waitlist:approve -- someone@example.com [more@example.com …]
const emails = process.argv.slice(2).filter((a) => a.includes('@'));
if (emails.length === 0) {
  console.error('✖ Usage: npm run waitlist:approve -- someone@example.com [more@example.com …]');
  process.exit(1);
}

const { config, database } = await openCliDatabase();
const email = createEmailFromConfig(config, createLogger({ logLevel: 'warn' }));
let failed = 0;
try {
  for (const address of emails) {
    const entry = await setWaitlistStatus(database.db, address, 'approved');
    if (!entry) {
      console.error(`✖ ${address} is not on the waitlist`);
      failed++;
      continue;
    }
    const link = `${config.appUrl}${paths.login}?invite=1&email=${encodeURIComponent(entry.email)}`;
    await email.send(invitationEmail(entry.email, link));
    console.log(`✔ Approved ${entry.email} and sent the invitation (${link})`);
  }
} finally {
  await database.close();
}
if (failed > 0) process.exit(1);
