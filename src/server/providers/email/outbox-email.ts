import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { firstLink, type EmailSender } from './email.ts';

/**
 * The zero-setup mailer: each message becomes a standard .eml file in DATA_DIR/outbox and one log
 * line with its first link. nodemailer's stream transport builds the RFC 5322 message.
 */
// nodemailer is loaded with the first message, not with the server (docs/operations.md#memory).
const transport = async () =>
  (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

export function createOutboxEmail(options: { dir: string; from: string; logger: Logger }): EmailSender {
  let ready: ReturnType<typeof transport> | undefined;
  return {
    async send(message) {
      const info = await (await (ready ??= transport())).sendMail({ from: options.from, ...message });
      const raw = info.message as Buffer;
      await mkdir(options.dir, { recursive: true });
      const safeId = info.messageId.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`;
      const file = path.join(options.dir, name);
      await writeFile(`${file}.tmp`, raw);
      await rename(`${file}.tmp`, file);
      options.logger.info(
        { email: { to: message.to, subject: message.subject, file, link: firstLink(message.text) } },
        `email to ${message.to}: ${message.subject}${firstLink(message.text) ? ` — ${firstLink(message.text)}` : ''}`,
      );
      return { messageId: info.messageId };
    },
  };
}
