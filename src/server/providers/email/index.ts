import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { EmailSender } from './email.ts';
import { createOutboxEmail } from './outbox-email.ts';
import { createSmtpEmail } from './smtp-email.ts';

export function createEmailFromConfig(config: Config, logger: Logger): EmailSender {
  if (config.smtpUrl) return createSmtpEmail({ url: config.smtpUrl, from: config.emailFrom, logger });
  return createOutboxEmail({ dir: path.join(config.dataDir, 'outbox'), from: config.emailFrom, logger });
}
